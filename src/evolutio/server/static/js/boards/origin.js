// The board of "origin" (Evolution: The Origin of Species): the red-token food base, each player's animals with
// their traits (English and original Russian names), the seat's own hand. Parts of the view this board does not
// know — an expansion's locations — are drawn by the generic renderer in the "areas" strip, so they show before a
// dedicated drawing exists.

import { h, titleCase } from "../dom.js";
import { t, tOr } from "../i18n.js";
import { renderValue } from "./generic.js";

const KNOWN_FIELDS = new Set([
  "game", "seat", "players_count", "turn", "phase", "first_player", "to_act", "decision", "food_base", "dice",
  "deck_size", "last_turn", "out_of_play", "feeding", "players", "options", "scores", "winners", "nature",
]);
// Actions whose first argument is a hand slot, and those whose first argument is an animal id.
const HAND_ACTIONS = new Set(["animal", "trait"]);
const ANIMAL_ACTIONS = new Set([
  "target", "take", "attack", "pirate", "tramp", "hibernate", "mimic", "scavenge", "convert",
]);
const MAX_DRAWN_TOKENS = 24;
const ANIMAL_FLAGS = ["hibernating", "poisoned", "attacked_this_turn", "piracy_used", "tramp_used"];

// A paired card's names ("Communication/Carnivore") may break after the slash on a narrow card.
function breakable(name) {
  return String(name).replaceAll("/", "/\u200b");
}

// Ice Age's cards are the project's reconstruction: marked wherever they are shown.
function reconstructedMark(item) {
  return item.reconstructed
    ? h("span", { class: "reconstructed", title: t("origin.reconstructed_help") }, t("origin.reconstructed"))
    : null;
}

function cardName(card) {
  return h("span", { class: "names" }, h("span", { class: "name-en" }, breakable(card.name)),
    h("span", { class: "name-original", lang: "ru" }, breakable(card.ru)), reconstructedMark(card));
}

function traitChip(trait) {
  return h(
    "span",
    { class: `trait trait-${trait.trait}`, title: `${trait.name} · ${trait.ru}` },
    h("span", { class: "name-en" }, trait.name),
    h("span", { class: "name-original", lang: "ru" }, trait.ru),
    reconstructedMark(trait),
  );
}

// Ice Age: the nature-change card revealed last, its text and when it acts, and the nature deck's size.
function naturePanel(nature) {
  const card = nature.revealed;
  return h(
    "section",
    { class: "nature", "aria-label": t("origin.nature") },
    h("h3", {}, t("origin.nature"), " ", h("span", { class: "stat" }, t("origin.nature_deck", { count: nature.deck_size }))),
    card
      ? h("div", { class: "nature-card" }, cardName(card), h("p", {}, card.text),
        nature.pending ? h("span", { class: "flag" }, t("origin.nature_pending", { when: card.when.replaceAll("_", " ") })) : null)
      : h("p", {}, t("origin.nature_none")),
  );
}

function pips(count, className) {
  return Array.from({ length: Math.max(0, count) }, () => h("span", { class: `pip ${className}` }));
}

function animalCard(animal, context) {
  const flags = ANIMAL_FLAGS.filter((flag) => animal[flag]);
  const element = h(
    "div",
    { class: `animal${animal.fed ? " fed" : ""}`, "aria-label": t("origin.animal", { id: animal.id }) },
    h("div", { class: "animal-head" }, h("span", { class: "animal-id" }, `A${animal.id}`),
      h("span", { class: "food-count", title: t("origin.food_need") }, `${animal.food}/${animal.need}`)),
    h("div", { class: "food-row" }, pips(animal.food, "red"), pips(animal.need - animal.food, "empty"),
      animal.fat_slots ? h("span", { class: "fat", title: t("origin.fat") }, `◆${animal.fat}/${animal.fat_slots}`) : null),
    h("div", { class: "traits" }, (animal.traits || []).map(traitChip)),
    flags.length ? h("div", { class: "flags" }, flags.map((flag) => h("span", { class: "flag" }, t(`origin.flag.${flag}`)))) : null,
    animal.card ? h("div", { class: "played-from" }, t("origin.played_from"), " ", cardName(animal.card)) : null,
  );
  return context.mark(element, `animal:${animal.id}`);
}

function playerZone(player, view, context) {
  const isMine = player.seat === context.seat;
  const deciding = view.to_act === player.seat;
  return h(
    "section",
    { class: `player-zone${isMine ? " mine" : ""}${deciding ? " current" : ""}`, dataset: { seat: String(player.seat) } },
    h(
      "header",
      { class: "zone-head" },
      h("h3", {}, player.name, isMine ? ` (${t("board.you")})` : ""),
      h("span", { class: "stat" }, t("origin.score", { score: player.score })),
      h("span", { class: "stat" }, t("origin.hand_size", { count: player.hand_size })),
      h("span", { class: "stat" }, t("origin.discard_size", { count: player.discard_size })),
      player.passed ? h("span", { class: "flag" }, t("origin.passed")) : null,
    ),
    h("div", { class: "animals" }, (player.animals || []).length ? player.animals.map((animal) => animalCard(animal, context))
      : h("span", { class: "empty" }, t("origin.no_animals"))),
  );
}

function handCards(player, context) {
  return h(
    "section",
    { class: "hand", "aria-label": t("board.your_hand") },
    h("h3", {}, t("board.your_hand")),
    h("div", { class: "cards" }, player.hand.map((card, slot) =>
      context.mark(h("div", { class: "card" }, cardName(card), h("span", { class: "card-id" }, `#${card.id}`)), `hand:${slot}`))),
  );
}

export const originBoard = {
  name: "origin",

  bind(action) {
    const [kind, first] = action;
    if (HAND_ACTIONS.has(kind)) return `hand:${first}`;
    if (ANIMAL_ACTIONS.has(kind)) return `animal:${first}`;
    return null;
  },

  // What a disabled element would do, so that "why not?" can ask the rules about it.
  candidates(view, seat) {
    if (seat === null || seat === undefined) return [];
    const me = view.players[seat];
    const out = [];
    if (view.phase === "development") {
      (me.hand || []).forEach((card, slot) =>
        out.push({ key: `hand:${slot}`, action: ["animal", slot], label: t("origin.why.animal", { name: card.name }) }));
    }
    if (view.phase === "feeding") {
      for (const animal of me.animals || []) {
        out.push({ key: `animal:${animal.id}`, action: ["take", animal.id], label: t("origin.why.take", { id: animal.id }) });
      }
    }
    return out;
  },

  render(view, context) {
    const extra = Object.fromEntries(Object.entries(view).filter(([key, value]) => !KNOWN_FIELDS.has(key) && value !== null));
    const me = context.seat !== null && context.seat !== undefined ? view.players[context.seat] : null;
    return h(
      "div",
      { class: "board origin" },
      h(
        "div",
        { class: "status-row" },
        h("span", { class: "stat" }, t("origin.turn", { turn: view.turn })),
        h("span", { class: "stat phase" }, tOr(`origin.phase.${view.phase}`, titleCase(view.phase))),
        h("span", { class: "stat food-base", title: t("origin.food_base") }, t("origin.food_base_short", { count: view.food_base }), " ",
          pips(Math.min(view.food_base, MAX_DRAWN_TOKENS), "red")),
        view.dice && view.dice.length ? h("span", { class: "stat" }, t("origin.dice", { dice: view.dice.join(" + ") })) : null,
        h("span", { class: "stat" }, t("origin.deck", { count: view.deck_size })),
        view.last_turn ? h("span", { class: "flag" }, t("origin.last_turn")) : null,
      ),
      view.nature ? naturePanel(view.nature) : null,
      Object.keys(extra).length ? h("section", { class: "areas" }, h("h3", {}, t("origin.areas")), renderValue(extra)) : null,
      h("div", { class: "players" }, view.players.map((player) => playerZone(player, view, context))),
      me && me.hand ? handCards(me, context) : null,
    );
  },
};
