"""``wixoss-deckcheck simulate DECK``: opening hands, Life Cloth and early turns, exact and simulated."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import click

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.cli.options import (
    allow_outside_option,
    cardpool_option,
    format_option,
    lang_option,
    settings_pool,
    text_or_json_option,
)
from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.engine.game.setup import SimulationDeck, load_game_deck, load_simulation_deck
from wixoss_deckcheck.engine.goldfish.run import DEFAULT_GAMES, run_goldfish
from wixoss_deckcheck.engine.odds.exact_hand import hand_choice
from wixoss_deckcheck.engine.odds.model import DeckModel, build_model
from wixoss_deckcheck.engine.odds.policy import MulliganPolicy, load_policy
from wixoss_deckcheck.engine.odds.simulate import (
    Group,
    build_report,
    choose_backend,
    default_groups,
    hit_group,
    run_simulation,
)
from wixoss_deckcheck.engine.odds.tally import Tally
from wixoss_deckcheck.errors import UsageError
from wixoss_deckcheck.files.text import check_output_path, refuse_same_outputs
from wixoss_deckcheck.messages import Messages, current_language
from wixoss_deckcheck.model.cards import Card
from wixoss_deckcheck.pool.cardpool import CardPool, locate_pool
from wixoss_deckcheck.reporters.ci_common import no_workflow_commands
from wixoss_deckcheck.reporters.play.plot import check_plot_path, write_plot
from wixoss_deckcheck.reporters.play.simulation_text import render_simulation
from wixoss_deckcheck.tables.loading import load_format

MAX_GAMES = 100_000_000
#: Games simulated without --games, per back end (the pure-Python one is slower).
DEFAULT_SIMULATED_GAMES = {"numpy": 100_000, "python": 10_000}
MAX_TURNS = 40
#: The most game-turns (games x (turns + 1)) one run plays, per engine: each default with
#: ``--turns 40`` fits (numpy 100,000 x 41, python 10,000 x 41, the goldfish 5,000 x 41),
#: and a run past it (``-n 100000000``: hours) is refused at once. At the speeds of
#: docs/speed.md each is about a minute.
MAX_GAME_TURNS = {"numpy": 10_000_000, "python": 1_000_000, "goldfish": 250_000}
#: The largest main deck simulated (a deck is 40 cards; 1,990 lines of 99 copies took
#: 111 s and 400 MB per 100,000 games, the work growing with the cards).
MAX_SIMULATED_CARDS = 400


@click.command("simulate")
@settings_pool
@click.argument("deck", metavar="DECK")
@format_option("Format whose start rules apply (1 or 3 LRIGs; default: the deck's header, else diva).")
@click.option(
    "--games",
    "-n",
    type=click.IntRange(1, MAX_GAMES),
    default=None,
    help="Games to simulate (default 100,000; 10,000 with the pure-Python back end).",
)
@click.option(
    "--seed",
    type=click.IntRange(0, 2**63 - 1),
    default=None,
    help="Random seed: the same seed repeats a run exactly (default: random, and reported).",
)
@click.option(
    "--first/--second",
    "first",
    default=True,
    show_default=True,
    help="Play first (draw 1 on turn 1, no attack on turn 1) or second.",
)
@click.option(
    "--turns",
    "-t",
    type=click.IntRange(0, MAX_TURNS),
    default=None,
    help="Turns to simulate (default 6; 10 with --goldfish).",
)
@text_or_json_option
@click.option(
    "--hit",
    "hit",
    metavar="CARD_OR_GROUP",
    help="Answer one question: a card number or name, level:N, type:SIGNI, colour:X, guard or lifeburst.",
)
@click.option(
    "--by-turn",
    "by_turn",
    type=click.IntRange(0, MAX_TURNS),
    default=None,
    help="With --hit: by which turn (0 = the opening hand after the mulligan; default 0).",
)
@click.option("--hand", "hand", metavar="A,B,C,D,E", help="With --hit: an opening hand to judge (5 cards).")
@click.option(
    "--return", "returned", metavar="A,B", help="With --hand: the cards you would return (exact keep-or-return)."
)
@click.option(
    "--at-least",
    "at_least",
    type=click.IntRange(1, 40),
    default=1,
    show_default=True,
    help="Count a hit when at least this many cards of the group have been seen.",
)
@click.option(
    "--mulligan",
    "mulligan",
    metavar="POLICY|FILE",
    default="keep",
    show_default=True,
    help="keep, curve, curve:N, find:GROUP, or a YAML policy file.",
)
@click.option(
    "--plot", "plot", metavar="FILE.png|svg", help="Draw the probability-by-turn curves (needs the plot extra)."
)
@click.option(
    "--goldfish", is_flag=True, help="Also play the turns alone through the rules engine, both seats (no card effects)."
)
@click.option(
    "--trace", "trace", metavar="FILE", help="With --goldfish: write each game of your seat as a game record."
)
@click.option(
    "--opponent-crushes",
    "crushes",
    type=click.IntRange(0, 7),
    default=0,
    show_default=True,
    help="With --goldfish: Life Cloth the opponent crushes each turn (into your ener; Life Bursts shown).",
)
@click.option("--as-of", "as_of", metavar="YYYY-MM-DD", help="The day whose rules apply (default: the deck's date).")
@click.option(
    "--backend",
    type=click.Choice(["auto", "numpy", "python"]),
    default="auto",
    show_default=True,
    help="Simulation back end (numpy is the fast one; python needs nothing extra).",
)
@lang_option
@cardpool_option
@allow_outside_option
def simulate_command(**options: Any) -> None:
    """Simulate setup and early turns of DECK: P(card or group seen) by turn, Life Burst in the
    Life Cloth, grow colours in ener, hand and ener by turn; --goldfish plays the turns alone.

    Exact (hypergeometric) answers are given where a closed form exists; every simulated
    answer carries its standard error and the number of games. Card effects are out of scope.
    The text report and the --plot picture are in the language of --lang (else the locale).
    """
    options.pop("allow_outside")  # the run's reading policy, set by the option itself
    simulate(Request(**options))


@dataclass(frozen=True)
class Request:
    """What ``simulate`` was asked, as click parsed it."""

    deck: str
    format_id: str | None
    games: int | None
    seed: int | None
    first: bool
    turns: int | None
    output_format: str
    hit: str | None
    by_turn: int | None
    hand: str | None
    returned: str | None
    at_least: int
    mulligan: str
    plot: str | None
    goldfish: bool
    trace: str | None
    crushes: int
    as_of: str | None
    backend: str
    cardpool: str | None
    lang: str | None


@dataclass(frozen=True)
class Question:
    """The groups a run answers about, the ``--hit`` group among them and its turn (or None), the turns played."""

    groups: list[Group]
    target: Group | None
    turns: int
    by_turn: int | None = None


def simulate(request: Request) -> None:
    """Run the simulation ``request`` asks for and write its report to standard output."""
    check_combinations(request)
    messages = Messages(request.lang or current_language())
    check_simulate_outputs(request)
    backend, _module = choose_backend(request.backend)
    pool = CardPool.load(locate_pool(request.cardpool))
    loaded = load_simulation_deck(request.deck, pool, request.format_id, request.as_of)
    size = loaded.resolved.count("main")
    if size > MAX_SIMULATED_CARDS:  # before the warning: a refusal is one line
        raise UsageError(f"the main deck has {size:,} cards; simulate plays decks of at most "
                         f"{MAX_SIMULATED_CARDS:,} (a deck is 40)")
    warn_if_illegal(request.deck, pool, loaded.format, loaded.as_of)
    model = model_of(loaded)
    policy = load_policy(request.mulligan, pool)
    question = ask(request, model, pool)
    check_work(request.games or DEFAULT_SIMULATED_GAMES[backend], question.turns, backend)
    if request.goldfish:
        check_work(request.games or DEFAULT_GAMES, question.turns, "goldfish")
    tally, config, used = run_simulation(
        model,
        policy,
        question.groups,
        games=request.games or DEFAULT_SIMULATED_GAMES[backend],
        seed=request.seed,
        first=request.first,
        turns=question.turns,
        goldfish=False,
        at_least=request.at_least,
        backend=backend,
        life_cloth=request.hit is None,
    )
    meta = {"deck": request.deck, "format": loaded.format, "as_of": loaded.as_of}
    report = build_report(model, policy, question.groups, tally, config, used, meta, question.target, question.by_turn)
    report["printed"] = printed_of(loaded)
    if request.goldfish:
        report["goldfish"] = play_goldfish(request, pool, policy, loaded, config.seed, question.turns)
    if request.plot:
        curve = hit_curve(question, model, tally)
        write_plot(report, request.plot, curve, lang=messages.lang, cards=cards_of(loaded))
    if request.hand and question.target is not None:
        report["hand_choice"] = judge_hand(request, model, pool, question.target)
    echo_report(report, request, messages, cards_of(loaded))


def check_work(games: int, turns: int, engine: str) -> None:
    """A usage error when ``games`` of ``turns`` turns are past :data:`MAX_GAME_TURNS` for ``engine``."""
    work, limit = games * (turns + 1), MAX_GAME_TURNS[engine]
    if work > limit:
        raise UsageError(f"{games:,} games of {turns} turns are {work:,} game-turns; the {engine} engine plays "
                         f"at most {limit:,} in one run (about a minute): lower -n or --turns")


def check_simulate_outputs(request: Request) -> None:
    """``--plot`` and ``--trace`` checked before any game is played: never onto the deck,
    the mulligan policy, the pool or each other."""
    inputs = [path for path in (request.deck, request.mulligan, request.cardpool) if path]
    refuse_same_outputs({"--plot": request.plot, "--trace": request.trace})
    if request.plot:
        check_plot_path(request.plot, inputs)
    if request.trace:
        check_output_path(request.trace, inputs, "trace")


def model_of(loaded: SimulationDeck) -> DeckModel:
    """The deck model of a resolved deck, with the format's start counts."""
    resolved = loaded.resolved
    return build_model([(e.card, e.count) for e in resolved.main], [e.card for e in resolved.lrig], loaded.start_counts)


def cards_of(loaded: SimulationDeck) -> dict[str, Card]:
    """The deck's cards by number (the names the report is written with)."""
    return {entry.card.number: entry.card for entry in (*loaded.resolved.main, *loaded.resolved.lrig)}


def printed_of(loaded: SimulationDeck) -> dict[str, str]:
    """The print each card of the deck is shown by, where it is not the pool's first (a WXDi-D08 deck's
    タマヨリヒメ is WXDi-D08-002, not WD01-004): the number the deck resolved to, as ``check`` and
    ``sheet`` show it. The report's cards stay the pool's numbers, with which ``--hit`` and the
    trace name them."""
    printed: dict[str, str] = {}
    for entry in (*loaded.resolved.main, *loaded.resolved.lrig):
        if entry.number != entry.card.number:
            printed.setdefault(entry.card.number, entry.number)
    return printed


def check_combinations(request: Request) -> None:
    """A usage error for options that need another one, or that exclude each other."""
    if request.hit is None:
        if request.by_turn is not None:
            raise UsageError("--by-turn needs --hit")
        if request.hand or request.returned:
            raise UsageError("--hand and --return need --hit (the question to answer)")
    elif request.goldfish:
        raise UsageError("--hit answers one question; run --goldfish without it")
    if (request.trace or request.crushes) and not request.goldfish:
        raise UsageError("--trace and --opponent-crushes need --goldfish")


def play_goldfish(
    request: Request, pool: CardPool, policy: MulliganPolicy, loaded: SimulationDeck, seed: int, turns: int
) -> dict[str, Any]:
    """``--goldfish``: both seats played through the rules engine (the report's ``goldfish`` section)."""
    engine_deck = load_game_deck(request.deck, pool, loaded.format, loaded.as_of)
    games = request.games or DEFAULT_GAMES
    return run_goldfish(engine_deck, policy, games, seed, request.first, turns, request.crushes, request.trace)


def ask(request: Request, model: DeckModel, pool: CardPool) -> Question:
    """``--hit``: one group, up to ``--by-turn``; else every default group, 6 turns (10 with --goldfish)."""
    if request.hit is not None:
        target = hit_group(request.hit, model, pool)
        return Question([target], target, request.by_turn or 0, request.by_turn or 0)
    turns = request.turns if request.turns is not None else 10 if request.goldfish else 6
    return Question(default_groups(model), None, turns)


def hit_curve(question: Question, model: DeckModel, tally: Tally) -> dict[str, Any] | None:
    """The ``--hit`` group's curve for the plot (None without ``--hit``)."""
    target, turns = question.target, question.turns
    if target is None:
        return None
    return {
        "term": target.selector.text,
        "cards": [model.cards[i].number for i in target.members],
        "turns": list(range(turns + 1)),
        "values": [tally.hits[0][t] / tally.games for t in range(turns + 1)],
    }


def echo_report(report: dict[str, Any], request: Request, messages: Messages, cards: dict[str, Card]) -> None:
    """The report as JSON, or as text with the keep-or-return answer under it."""
    if request.output_format == "json":
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
        return
    click.echo(no_workflow_commands(render_simulation(report, messages.lang, cards)), nl=False)
    if "hand_choice" in report:
        choice = report["hand_choice"]
        click.echo(
            messages.simulate(
                "hand_choice",
                hand=request.hand,
                keep=f"{100 * choice['keep']:.2f}%",
                returned=request.returned or messages.simulate("nothing"),
                ret=f"{100 * choice['return']:.2f}%",
                better=messages.simulate(f"better_{choice['better']}"),
            )
        )


def warn_if_illegal(deck: str, pool: CardPool, format_id: str | None, as_of: str | None) -> None:
    """A warning on stderr when the deck is not legal in the format on the day (it is simulated as built)."""
    result = Checker(pool, load_format(format_id), as_of).check(load_deck(deck))
    if not result.legal:
        codes = sorted({v.code for v in result.errors()})
        click.echo(
            f"warning: {deck} is not legal in {format_id} on {as_of} ({', '.join(codes)}; run check for the "
            "reasons); simulated as built",
            err=True,
        )


def judge_hand(request: Request, model: DeckModel, pool: CardPool, target: Group) -> dict[str, Any]:
    """``--hand``/``--return``: the exact keep-or-return answer for the ``--hit`` question."""

    def kinds(text: str) -> list[int]:
        out = []
        for ref in (part.strip() for part in text.split(",") if part.strip()):
            found = pool.resolve(ref)
            index = next((i for i, c in enumerate(model.cards) if found.card and c.key == found.card.key), None)
            if index is None:
                raise UsageError(f"{ref!r} is not a card of the main deck")
            out.append(index)
        return out

    hand, returned = request.hand or "", request.returned or ""
    turn = request.by_turn or 0
    answer = hand_choice(
        kinds(hand), kinds(returned), model.counts, target.members, request.at_least, turn, request.first
    )
    return {"hand": hand, "return": returned, **answer}
