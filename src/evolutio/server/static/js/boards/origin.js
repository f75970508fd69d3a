// The board of "origin" (Evolution: The Origin of Species): the red-token food base, each player's animals with
// their traits (English and original Russian names), the seat's own hand. With Continents' locations each player's
// animals are grouped by location (Laurasia, Gondwana, the Ocean) and the status row shows each location's red tokens.
// Parts of the view this board does not know are drawn by the generic renderer in the "areas" strip.

import { h, titleCase } from "../dom.js";
import { t, tOr } from "../i18n.js";
import { areasSection, hasSeat, viewParts } from "./shared.js";

const KNOWN_FIELDS = new Set([
  "game", "seat", "players_count", "turn", "phase", "first_player", "to_act", "decision", "food_base", "dice",
  "deck_size", "last_turn", "out_of_play", "feeding", "players", "options", "scores", "winners", "locations",
  "feeding_location", "nature",
]);
// Continents' locations, in the view's order.
const LOCATIONS = ["laurasia", "gondwana", "ocean"];
// Actions whose first argument is a hand slot, and those whose first argument is an animal id.
const HAND_ACTIONS = new Set(["animal", "trait", "regenerate"]);
const ANIMAL_ACTIONS = new Set([
  "target", "take", "attack", "pirate", "tramp", "hibernate", "mimic", "scavenge", "convert",
  "settle_laurasia", "settle_gondwana", "follow", "migrate_laurasia", "migrate_gondwana", "migrate_ocean", "recombine",
]);
const MAX_DRAWN_TOKENS = 24;
const ANIMAL_FLAGS = ["hibernating", "poisoned", "attacked_this_turn", "piracy_used", "tramp_used", "regenerating"];

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
    view.locations ? locationGroups(player, context)
      : h("div", { class: "animals" }, (player.animals || []).length ? player.animals.map((animal) => animalCard(animal, context))
        : h("span", { class: "empty" }, t("origin.no_animals"))),
  );
}

// Continents: a player's animals in one group per location they have animals in.
function locationGroups(player, context) {
  const animals = player.animals || [];
  if (!animals.length) return h("div", { class: "animals" }, h("span", { class: "empty" }, t("origin.no_animals")));
  return h("div", { class: "locations" }, LOCATIONS.filter((name) => animals.some((animal) => animal.location === name))
    .map((name) => h("div", { class: `location location-${name}` },
      h("h4", {}, t(`origin.location.${name}`)),
      h("div", { class: "animals" }, animals.filter((animal) => animal.location === name)
        .map((animal) => animalCard(animal, context))))));
}

// Continents: each location's red tokens (and the location of the feeding turn, once chosen).
function locationFood(view) {
  return LOCATIONS.map((name) => h("span", {
    class: `stat food-base location-${name}${view.feeding_location === name ? " current" : ""}`,
    title: t("origin.location_food", { location: t(`origin.location.${name}`) }),
  }, t(`origin.location.${name}`), ": ", String(view.locations[name].food), " ",
  pips(Math.min(view.locations[name].food, MAX_DRAWN_TOKENS), "red")));
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
    if (!hasSeat(seat)) return [];
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
    const { extra, me } = viewParts(view, context.seat, KNOWN_FIELDS);
    return h(
      "div",
      { class: "board origin" },
      h(
        "div",
        { class: "status-row" },
        h("span", { class: "stat" }, t("origin.turn", { turn: view.turn })),
        h("span", { class: "stat phase" }, tOr(`origin.phase.${view.phase}`, titleCase(view.phase))),
        view.locations ? locationFood(view)
          : h("span", { class: "stat food-base", title: t("origin.food_base") }, t("origin.food_base_short", { count: view.food_base }), " ",
            pips(Math.min(view.food_base, MAX_DRAWN_TOKENS), "red")),
        view.dice && view.dice.length ? h("span", { class: "stat" }, t("origin.dice", { dice: view.dice.join(" + ") })) : null,
        h("span", { class: "stat" }, t("origin.deck", { count: view.deck_size })),
        view.last_turn ? h("span", { class: "flag" }, t("origin.last_turn")) : null,
      ),
      view.nature ? naturePanel(view.nature) : null,
      areasSection(extra, t("origin.areas")),
      h("div", { class: "players" }, view.players.map((player) => playerZone(player, view, context))),
      me && me.hand ? handCards(me, context) : null,
    );
  },
};
