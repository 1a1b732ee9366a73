/* The player's page: check one deck (pasted or a file), show the verdict and every
   finding, download the official sheet or the deck as text. */
"use strict";
let chosenFile = null;
let lastReport = null;
let lastError = null;

function deckForm() {
  const form = new FormData();
  if (chosenFile) form.append("deck", chosenFile, chosenFile.name);
  else form.append("text", document.getElementById("text").value);
  const format = document.getElementById("format").value;
  const asOf = document.getElementById("as_of").value;
  if (format) form.append("format", format);
  if (asOf) form.append("as_of", asOf);
  return form;
}

function chooseFile(file) {
  chosenFile = file;
  document.getElementById("file-chosen").hidden = !file;
  document.getElementById("file-name").textContent = file ? t("file_chosen", { name: file.name }) : "";
  if (!file) document.getElementById("file").value = "";
}

function showError(line) {
  lastReport = null;
  lastError = line;
  const verdict = document.getElementById("verdict");
  verdict.className = "verdict error";
  verdict.textContent = t("verdict_error") + " " + line;
  document.getElementById("counts").textContent = "";
  document.getElementById("findings").hidden = true;
  document.getElementById("no-findings").hidden = true;
  document.getElementById("result").hidden = false;
}

function showReport(report) {
  lastReport = report;
  lastError = null;
  const deck = report.decks[0];
  const kind = verdictOf(deck);
  const verdict = document.getElementById("verdict");
  verdict.className = "verdict " + kind;
  verdict.textContent = t("verdict_" + kind);
  const counts = deck.counts || {};
  document.getElementById("counts").textContent = formatName(deck.format) + " · " + (deck.as_of || "") + " · " +
    t("counts", { main: counts.main || 0, lrig: counts.lrig || 0, burst: counts.life_burst || 0 });
  const body = document.querySelector("#findings tbody");
  body.replaceChildren();
  for (const v of deck.violations) {
    const row = element("tr", "severity-" + v.severity);
    findingCells(v).forEach((cell) => row.appendChild(element("td", "", cell)));
    body.appendChild(row);
  }
  document.getElementById("findings").hidden = deck.violations.length === 0;
  document.getElementById("no-findings").hidden = deck.violations.length !== 0;
  document.getElementById("result").hidden = false;
}

async function check() {
  const button = document.getElementById("check");
  button.disabled = true;
  button.textContent = t("working");
  try {
    const response = await post("/api/check", deckForm());
    showReport(await response.json());
  } catch (error) {
    showError(error.message);
  } finally {
    button.disabled = false;
    button.textContent = t("check");
  }
}

async function downloadWith(path, extra, fallback) {
  const problem = document.getElementById("sheet-error");
  problem.hidden = true;
  const form = deckForm();
  for (const [key, value] of Object.entries(extra)) if (value) form.append(key, value);
  try {
    await download(path, form, fallback);
  } catch (error) {
    problem.textContent = error.message;
    problem.hidden = false;
  }
}

function sheetFields() {
  const team = document.getElementById("team").checked;
  return {
    team: team ? "1" : "",
    seat: team ? document.getElementById("seat").value : "",
    nickname: document.getElementById("nickname").value.trim(),
    event_date: document.getElementById("event_date").value.trim(),
  };
}

document.getElementById("deck-form").addEventListener("submit", (event) => { event.preventDefault(); check(); });
document.getElementById("file").addEventListener("change", (event) => chooseFile(event.target.files[0] || null));
document.getElementById("clear-file").addEventListener("click", () => chooseFile(null));
document.getElementById("team").addEventListener("change", (event) => {
  document.getElementById("seat").disabled = !event.target.checked;
});
document.getElementById("download-sheet").addEventListener("click", () =>
  downloadWith("/api/sheet", sheetFields(), "deck.xlsx"));
document.getElementById("download-text").addEventListener("click", () => downloadWith("/api/text", {}, "deck.txt"));
onDrop(document.getElementById("drop"), (files) => chooseFile(files[0]));
onLanguage(() => {
  if (chosenFile) chooseFile(chosenFile);
  if (lastReport || lastError) check();  /* the findings again, in the new language */
});
