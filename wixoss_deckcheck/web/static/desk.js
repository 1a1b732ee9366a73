/* The organiser's desk: many decks at once (files or a .zip), a sortable, filterable
   table, each deck's findings, every sheet in one .zip, the results as CSV and JSON,
   a printable page per deck, and re-judging every deck at another date. */
"use strict";
let files = [];
let rows = [];
let sortKey = "file";
let sortUp = true;

function desksForm() {
  const form = new FormData();
  for (const file of files) form.append("deck", file, file.name);
  const format = document.getElementById("format").value;
  const asOf = document.getElementById("as_of").value;
  if (format) form.append("format", format);
  if (asOf) form.append("as_of", asOf);
  return form;
}

/* The row's finding: the deck's first error (in line order), else its first warning, so that a
   warning on an early line never stands for an illegal deck. */
function firstFinding(deck) {
  if (deck.error) return deck.error.message;
  const first = deck.violations.find((v) => v.severity === "error") || deck.violations[0];
  return first ? first.code + " " + first.message : "";
}

function rowsOf(result) {
  return result.report.decks.map((deck, index) => ({
    index: index,
    deck: deck,
    player: result.players[deck.path] || deck.path,
    file: deck.path,
    format: formatName(deck.format),
    verdict: verdictOf(deck),
    first: firstFinding(deck),
  }));
}

function shown() {
  const needle = document.getElementById("filter").value.trim().toLowerCase();
  const verdict = document.getElementById("verdict-filter").value;
  const kept = rows.filter((row) => (!verdict || row.verdict === verdict) &&
    (!needle || [row.player, row.file, row.format, t("word_" + row.verdict), row.first]
      .some((cell) => cell.toLowerCase().includes(needle))));
  kept.sort((a, b) => {
    const order = String(a[sortKey]).localeCompare(String(b[sortKey]), LANG, { numeric: true });
    return (sortUp ? order : -order) || a.index - b.index;
  });
  return kept;
}

function drawTable() {
  const body = document.querySelector("#decks tbody");
  body.replaceChildren();
  for (const row of shown()) {
    const tr = element("tr", "deck-row");
    tr.dataset.index = row.index;
    tr.appendChild(element("td", "", row.player));
    tr.appendChild(element("td", "", row.file));
    tr.appendChild(element("td", "", row.format));
    tr.appendChild(element("td", row.verdict, t("word_" + row.verdict)));
    tr.appendChild(element("td", "", row.first));
    const cell = element("td");
    const print = element("button", "print-one", t("print_one"));
    print.type = "button";
    print.addEventListener("click", (event) => { event.stopPropagation(); printDecks([row.index]); });
    cell.appendChild(print);
    tr.appendChild(cell);
    tr.addEventListener("click", () => showDetails(row));
    body.appendChild(tr);
  }
  document.querySelectorAll("th[data-sort]").forEach((th) => {
    th.classList.toggle("sorted-up", th.dataset.sort === sortKey && sortUp);
    th.classList.toggle("sorted-down", th.dataset.sort === sortKey && !sortUp);
  });
  document.getElementById("decks").hidden = rows.length === 0;
  document.getElementById("no-decks").hidden = rows.length !== 0;
}

function findingsTable(deck) {
  if (deck.error) return element("p", "error", (deck.error.line ? deck.error.line + ": " : "") + deck.error.message);
  if (!deck.violations.length) return element("p", "", t("no_findings"));
  const table = element("table", "findings");
  const head = element("tr");
  ["col_line", "col_code", "col_severity", "col_card", "col_message"].forEach((key) =>
    head.appendChild(element("th", "", t(key))));
  table.appendChild(element("thead")).appendChild(head);
  const body = table.appendChild(element("tbody"));
  for (const v of deck.violations) {
    const tr = element("tr", "severity-" + v.severity);
    findingCells(v).forEach((cell) => tr.appendChild(element("td", "", cell)));
    body.appendChild(tr);
  }
  return table;
}

function deckSummary(row) {
  const counts = row.deck.counts || {};
  return [
    element("p", "verdict " + row.verdict, t("verdict_" + row.verdict)),
    element("p", "counts", row.file + " · " + row.format + " · " + (row.deck.as_of || "") + " · " +
      t("counts", { main: counts.main || 0, lrig: counts.lrig || 0, burst: counts.life_burst || 0 })),
    findingsTable(row.deck),
  ];
}

function showDetails(row) {
  document.getElementById("details-title").textContent = row.player;
  document.getElementById("details-body").replaceChildren(...deckSummary(row));
  document.getElementById("details").hidden = false;
  document.getElementById("details").scrollIntoView({ block: "nearest" });
}

/* One printed page per deck (the print-area is all that prints). */
function drawPrintArea(only) {
  const area = document.getElementById("print-area");
  area.replaceChildren();
  for (const row of rows) {
    const page = element("section", "deck-page");
    page.dataset.index = row.index;
    page.hidden = Boolean(only) && !only.includes(row.index);
    page.appendChild(element("h2", "", row.player));
    deckSummary(row).forEach((part) => page.appendChild(part));
    area.appendChild(page);
  }
}

function printDecks(only) {
  drawPrintArea(only);
  window.print();
}

async function judge() {
  const status = document.getElementById("status");
  const problem = document.getElementById("error");
  problem.hidden = true;
  if (!files.length) return;
  status.textContent = t("working");
  try {
    const result = await (await post("/api/desk", desksForm())).json();
    rows = rowsOf(result);
    const summary = result.report.summary;
    status.textContent = t("desk_count", { count: rows.length }) + " · " + t("desk_summary", {
      legal: summary.legal, illegal: summary.illegal, unreadable: summary.unreadable });
  } catch (error) {
    rows = [];
    status.textContent = "";
    problem.textContent = error.message;
    problem.hidden = false;
  }
  ["download-sheets", "download-csv", "download-json", "print-all"].forEach((id) => {
    document.getElementById(id).disabled = rows.length === 0;
  });
  document.getElementById("details").hidden = true;
  drawTable();
  drawPrintArea(null);
}

async function downloadAll(path, extra, fallback) {
  const form = desksForm();
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  try {
    await download(path, form, fallback);
  } catch (error) {
    document.getElementById("error").textContent = error.message;
    document.getElementById("error").hidden = false;
  }
}

function take(chosen) {
  files = files.concat(chosen);
  judge();
}

document.getElementById("files").addEventListener("change", (event) => {
  take(Array.from(event.target.files));
  event.target.value = "";
});
onDrop(document.getElementById("drop"), take);
document.getElementById("rejudge").addEventListener("click", judge);
document.getElementById("format").addEventListener("change", judge);
document.getElementById("filter").addEventListener("input", drawTable);
document.getElementById("verdict-filter").addEventListener("change", drawTable);
document.querySelectorAll("th[data-sort]").forEach((th) => th.addEventListener("click", () => {
  sortUp = sortKey === th.dataset.sort ? !sortUp : true;
  sortKey = th.dataset.sort;
  drawTable();
}));
document.getElementById("close-details").addEventListener("click", () => {
  document.getElementById("details").hidden = true;
});
document.getElementById("download-sheets").addEventListener("click", () =>
  downloadAll("/api/sheets", {}, "sheets.zip"));
document.getElementById("download-csv").addEventListener("click", () =>
  downloadAll("/api/audit", { output_format: "csv" }, "results.csv"));
document.getElementById("download-json").addEventListener("click", () => downloadAll("/api/audit", {}, "results.json"));
document.getElementById("print-all").addEventListener("click", () => printDecks(null));
onLanguage(() => { if (files.length) judge(); });
