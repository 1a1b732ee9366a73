/* What both pages share: their texts in every language, switching language, posting a
   form to the API and saving what it sends back. No framework, nothing from the internet. */
"use strict";
const TEXTS = JSON.parse(document.getElementById("texts").textContent);
const FORMAT_NAMES = JSON.parse(document.getElementById("format-names").textContent);
let LANG = document.documentElement.lang;

function t(key, values) {
  let text = (TEXTS[LANG] && TEXTS[LANG][key]) || TEXTS.en[key] || key;
  for (const [name, value] of Object.entries(values || {})) text = text.split("{" + name + "}").join(String(value));
  return text;
}

function formatName(id) {
  return (id && FORMAT_NAMES[LANG] && FORMAT_NAMES[LANG][id]) || id || "";
}

/* Every element with data-t gets its text in the chosen language (data-tp: its placeholder). */
function relabel() {
  document.documentElement.lang = LANG;
  document.title = t(document.body.dataset.title);
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  document.querySelectorAll("[data-tp]").forEach((el) => { el.placeholder = t(el.dataset.tp); });
  document.querySelectorAll("select#format option[value]").forEach((el) => {
    if (el.value) el.textContent = formatName(el.value);
  });
  document.querySelectorAll("nav a").forEach((a) => { a.search = "?lang=" + encodeURIComponent(LANG); });
}

function onLanguage(then) {
  const select = document.getElementById("lang");
  select.addEventListener("change", () => {
    LANG = select.value;
    const url = new URL(window.location.href);
    url.searchParams.set("lang", LANG);
    window.history.replaceState(null, "", url);
    relabel();
    then();
  });
  relabel();
}

/* POST a FormData; the JSON error line of a 400/413 is thrown as an Error. */
async function post(path, form) {
  form.set("lang", LANG);
  const response = await fetch(path, { method: "POST", body: form });
  if (!response.ok) {
    let line = response.status + " " + response.statusText;
    try { line = (await response.json()).error || line; } catch (e) { /* not JSON */ }
    throw new Error(line);
  }
  return response;
}

function fileNameOf(response, fallback) {
  const header = response.headers.get("Content-Disposition") || "";
  const utf8 = /filename\*=UTF-8''([^;]+)/.exec(header);
  if (utf8) return decodeURIComponent(utf8[1]);
  const plain = /filename="([^"]+)"/.exec(header);
  return plain ? plain[1] : fallback;
}

function save(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

async function download(path, form, fallback) {
  const response = await post(path, form);
  save(await response.blob(), fileNameOf(response, fallback));
}

function element(tag, className, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined && text !== null) el.textContent = text;
  return el;
}

function onDrop(zone, take) {
  zone.addEventListener("dragover", (event) => { event.preventDefault(); zone.classList.add("over"); });
  zone.addEventListener("dragleave", () => zone.classList.remove("over"));
  zone.addEventListener("drop", (event) => {
    event.preventDefault();
    zone.classList.remove("over");
    if (event.dataTransfer && event.dataTransfer.files.length) take(Array.from(event.dataTransfer.files));
  });
}

/* One finding as table cells: line, code, severity, cards (in the report's language), message. */
function findingCells(v) {
  const line = v.line !== undefined && v.line !== null ? String(v.line) : "";
  const names = v.card_names && v.card_names.length ? v.card_names : v.cards || [];
  const cards = names.join(LANG === "en" ? ", " : "、");
  return [line, v.code, t("severity_" + v.severity), cards, v.message];
}

function verdictOf(deck) {
  if (deck.error) return "unreadable";
  return deck.legal ? "legal" : "illegal";
}
