// Message catalogs: every UI string goes through t(key, params). Catalogs live in ../i18n/<lang>.js.

import en from "../i18n/en.js";
import ru from "../i18n/ru.js";

export const CATALOGS = { en, ru };
export const LANGUAGES = [
  { code: "en", name: "English" },
  { code: "ru", name: "Русский" },
];
const STORAGE_KEY = "evolutio.language";

function initialLanguage() {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored && CATALOGS[stored]) return stored;
  const fromBrowser = (navigator.language || "en").slice(0, 2).toLowerCase();
  return CATALOGS[fromBrowser] ? fromBrowser : "en";
}

let language = initialLanguage();

export function currentLanguage() {
  return language;
}

export function setLanguage(code) {
  if (!CATALOGS[code]) return;
  language = code;
  localStorage.setItem(STORAGE_KEY, code);
  document.documentElement.lang = code;
}

// Look a key up in the current catalog, falling back to English, then to the key itself (so a missing string
// is visible, never blank). {name} placeholders are filled from params.
export function t(key, params = {}) {
  const template = CATALOGS[language][key] ?? CATALOGS.en[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (match, name) => (name in params ? String(params[name]) : match));
}

// Like t, but with a fallback text when no catalog has the key (names coming from a ruleset's data).
export function tOr(key, fallback, params = {}) {
  if (!(key in CATALOGS[language]) && !(key in CATALOGS.en)) return fallback;
  return t(key, params);
}
