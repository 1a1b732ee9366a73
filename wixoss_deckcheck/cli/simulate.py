"""``wixoss-deckcheck simulate DECK``: opening hands, Life Cloth and early turns, exact and simulated."""

from __future__ import annotations

import json

import click

from wixoss_deckcheck.checking.checker import Checker
from wixoss_deckcheck.cli.options import cardpool_option, format_option, lang_option, text_or_json_option
from wixoss_deckcheck.decklist import load_deck
from wixoss_deckcheck.engine.game.setup import load_game_deck, load_simulation_deck
from wixoss_deckcheck.engine.goldfish.run import DEFAULT_GAMES, run_goldfish
from wixoss_deckcheck.engine.odds.exact_hand import hand_choice
from wixoss_deckcheck.engine.odds.model import build_model
from wixoss_deckcheck.engine.odds.policy import load_policy
from wixoss_deckcheck.engine.odds.simulate import (
    build_report,
    choose_backend,
    default_groups,
    hit_group,
    run_simulation,
)
from wixoss_deckcheck.errors import UsageError
from wixoss_deckcheck.messages import Messages, current_language
from wixoss_deckcheck.pool.cardpool import CardPool, locate_pool
from wixoss_deckcheck.reporters.play.plot import check_plot_path, write_plot
from wixoss_deckcheck.reporters.play.simulation_text import render_simulation
from wixoss_deckcheck.tables.loading import load_format

MAX_GAMES = 100_000_000
MAX_TURNS = 40


@click.command("simulate")
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
def simulate_command(
    deck,
    format_id,
    games,
    seed,
    first,
    turns,
    output_format,
    hit,
    by_turn,
    hand,
    returned,
    at_least,
    mulligan,
    plot,
    goldfish,
    trace,
    crushes,
    as_of,
    backend,
    cardpool,
    lang,
):
    """Simulate setup and early turns of DECK: P(card or group seen) by turn, Life Burst in the
    Life Cloth, grow colours in ener, hand and ener by turn; --goldfish plays the turns alone.

    Exact (hypergeometric) answers are given where a closed form exists; every simulated
    answer carries its standard error and the number of games. Card effects are out of scope.
    The text report and the --plot picture are in the language of --lang (else the locale).
    """
    lang = lang or current_language()
    messages = Messages(lang)

    if by_turn is not None and hit is None:
        raise UsageError("--by-turn needs --hit")
    if hit is not None and goldfish:
        raise UsageError("--hit answers one question; run --goldfish without it")
    if (hand or returned) and hit is None:
        raise UsageError("--hand and --return need --hit (the question to answer)")
    if (trace or crushes) and not goldfish:
        raise UsageError("--trace and --opponent-crushes need --goldfish")
    goldfish_games = games
    if plot:
        check_plot_path(plot)
    backend_name, _module = choose_backend(backend)
    if games is None:
        games = 100_000 if backend_name == "numpy" else 10_000
    pool = CardPool.load(locate_pool(cardpool))
    loaded = load_simulation_deck(deck, pool, format_id, as_of)
    warn_if_illegal(deck, pool, loaded.format, loaded.as_of)
    resolved = loaded.resolved
    cards = {e.card.number: e.card for e in (*resolved.main, *resolved.lrig)}
    model = build_model(
        [(e.card, e.count) for e in resolved.main], [e.card for e in resolved.lrig], loaded.start_counts
    )
    policy = load_policy(mulligan, pool)
    if hit is not None:
        target = hit_group(hit, model, pool)
        groups = [target]
        turns = by_turn or 0
    else:
        target = None
        groups = default_groups(model)
        if turns is None:
            turns = 10 if goldfish else 6
    tally, config, used = run_simulation(
        model,
        policy,
        groups,
        games=games,
        seed=seed,
        first=first,
        turns=turns,
        goldfish=False,
        at_least=at_least,
        backend=backend_name,
        life_cloth=hit is None,
    )
    meta = {"deck": deck, "format": loaded.format, "as_of": loaded.as_of}
    report = build_report(
        model,
        policy,
        groups,
        tally,
        config,
        used,
        meta,
        hit=target,
        by_turn=(by_turn or 0) if hit is not None else None,
    )
    if goldfish:
        engine_deck = load_game_deck(deck, pool, loaded.format, loaded.as_of)
        report["goldfish"] = run_goldfish(
            engine_deck, policy, goldfish_games or DEFAULT_GAMES, config.seed, first, turns, crushes, trace
        )
    if plot:
        hit_curve = None
        if target is not None:
            hit_curve = {
                "term": target.selector.text,
                "cards": [model.cards[i].number for i in target.members],
                "turns": list(range(turns + 1)),
                "values": [tally.hits[0][t] / tally.games for t in range(turns + 1)],
            }
        write_plot(report, plot, hit_curve, lang=messages.lang, cards=cards)
    if hand and target is not None:
        report["hand_choice"] = judge_hand(hand, returned or "", model, pool, target, at_least, by_turn or 0, first)
    if output_format == "json":
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        click.echo(render_simulation(report, messages.lang, cards), nl=False)
        if "hand_choice" in report:
            choice = report["hand_choice"]
            click.echo(
                messages.simulate(
                    "hand_choice",
                    hand=hand,
                    keep=f"{100 * choice['keep']:.2f}%",
                    returned=returned or messages.simulate("nothing"),
                    ret=f"{100 * choice['return']:.2f}%",
                    better=messages.simulate(f"better_{choice['better']}"),
                )
            )


def warn_if_illegal(deck: str, pool, format_id: str | None, as_of: str | None) -> None:
    """A warning on stderr when the deck is not legal in the format on the day (it is simulated as built)."""
    result = Checker(pool, load_format(format_id), as_of).check(load_deck(deck))
    if not result.legal:
        codes = sorted({v.code for v in result.errors()})
        click.echo(
            f"warning: {deck} is not legal in {format_id} on {as_of} ({', '.join(codes)}; run check for the "
            "reasons); simulated as built",
            err=True,
        )


def judge_hand(hand: str, returned: str, model, pool, target, at_least: int, turn: int, first: bool) -> dict:
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

    answer = hand_choice(kinds(hand), kinds(returned), model.counts, target.members, at_least, turn, first)
    return {"hand": hand, "return": returned, **answer}
