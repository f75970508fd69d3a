// The generic board: draws any ruleset's view as labelled fields, lists and cards, so a newly registered ruleset is
// playable at once (its legal actions appear as buttons beside the board). Dedicated boards reuse renderValue for
// parts of a view they do not know (e.g. an expansion's locations).

import { h, titleCase } from "../dom.js";
import { t } from "../i18n.js";

const MAX_INLINE_ITEMS = 40;

function isScalar(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function scalarText(value) {
  if (value === null) return "—";
  if (value === true) return t("value.yes");
  if (value === false) return t("value.no");
  return String(value);
}

// A one-line label for an object that names itself (cards, traits, animals).
function objectLabel(value) {
  for (const field of ["name", "title", "trait", "kind"]) {
    if (typeof value[field] === "string") {
      const original = typeof value.ru === "string" ? value.ru : null;
      return original ? `${value[field]} · ${original}` : titleCase(value[field]);
    }
  }
  return null;
}

export function renderValue(value, depth = 0) {
  if (isScalar(value)) return h("span", { class: "value" }, scalarText(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span", { class: "value empty" }, t("value.none"));
    if (value.every(isScalar)) return h("span", { class: "value" }, value.map(scalarText).join(", "));
    const shown = value.slice(0, MAX_INLINE_ITEMS);
    return h(
      "div",
      { class: "generic-list" },
      shown.map((item) => h("div", { class: "generic-item" }, renderValue(item, depth + 1))),
      value.length > shown.length ? h("span", { class: "value" }, t("value.more", { count: value.length - shown.length })) : null,
    );
  }
  const label = objectLabel(value);
  const fields = Object.entries(value).filter(([key]) => !(label && ["name", "title", "trait", "ru"].includes(key)));
  return h(
    "div",
    { class: depth === 0 ? "generic-object" : "generic-object nested" },
    label ? h("div", { class: "generic-label" }, label) : null,
    h(
      "dl",
      {},
      fields.map(([key, item]) => [h("dt", {}, titleCase(key)), h("dd", {}, renderValue(item, depth + 1))]),
    ),
  );
}

export const genericBoard = {
  name: "generic",
  // The generic board does not know which part of the view an action concerns: every action goes to the bar.
  bind() {
    return null;
  },
  candidates() {
    return [];
  },
  render(view, context) {
    const players = Array.isArray(view.players) ? view.players : [];
    const rest = Object.fromEntries(Object.entries(view).filter(([key]) => key !== "players"));
    return h(
      "div",
      { class: "board generic" },
      h("section", { class: "generic-summary" }, renderValue(rest)),
      h(
        "div",
        { class: "players" },
        players.map((player, index) =>
          h(
            "section",
            {
              class: `player-zone${index === context.seat ? " mine" : ""}${index === context.currentPlayer ? " current" : ""}`,
              dataset: { seat: String(index) },
            },
            h("h3", {}, t("board.player", { number: index + 1 }), index === context.seat ? ` (${t("board.you")})` : ""),
            renderValue(player, 1),
          ),
        ),
      ),
    );
  },
};
