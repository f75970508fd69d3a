// The board of "northstar" (Evolution, North Star Games): the watering hole, each player's species (body size,
// population, food, fat, trait cards) and food bag, the seat's own hand and secret food card. North Star's printed
// names are English, so a card shows one name; its food number sits in the corner as on the card.

import { h, titleCase } from "../dom.js";
import { t, tOr } from "../i18n.js";
import { areasSection, hasSeat, viewParts } from "./shared.js";

const KNOWN_FIELDS = new Set([
  "game", "variant", "you", "round", "last_round", "phase", "first_player", "current_player", "watering_hole",
  "draw_pile", "discard_pile", "removed_unseen", "trait_limit", "quick_play", "card_data", "players", "scores",
  "winners",
]);
// Actions whose first argument is a card in the hand; those whose first argument is one of the seat's species.
const HAND_ACTIONS = new Set(["food_card", "new_species", "grow_body", "grow_pop", "trait"]);
const SPECIES_ACTIONS = new Set(["feed", "leaf", "attack"]);

function traitName(card) {
  return card.name || titleCase(card.trait);
}

function foodNumber(food) {
  return h("span", { class: `card-food${food < 0 ? " negative" : ""}` }, food > 0 ? `+${food}` : String(food));
}

function traitCard(card, context, seat) {
  const element = h("span", { class: `trait trait-${card.trait}`, title: traitName(card) },
    h("span", { class: "name-en" }, traitName(card)));
  return seat === context.seat && card.id !== undefined ? context.mark(element, `trait:${card.id}`) : element;
}

function speciesBoard(species, index, player, context) {
  const element = h(
    "div",
    { class: "species", "aria-label": t("northstar.species", { number: index + 1 }) },
    h("div", { class: "animal-head" }, h("span", { class: "animal-id" }, t("northstar.species", { number: index + 1 }))),
    h("div", { class: "tracks" },
      h("span", { class: "track body", title: t("northstar.body") }, t("northstar.body_short", { value: species.body })),
      h("span", { class: "track population", title: t("northstar.population") }, t("northstar.population_short", { value: species.population })),
      h("span", { class: "track food", title: t("northstar.food") }, t("northstar.food_short", { value: species.food })),
      species.fat ? h("span", { class: "track fat", title: t("northstar.fat") }, `◆${species.fat}`) : null),
    h("div", { class: "traits" }, (species.traits || []).map((card) => traitCard(card, context, player.seat))),
  );
  return context.mark(element, `species:${player.seat}:${index}`);
}

function playerZone(player, view, context) {
  const isMine = player.seat === context.seat;
  const deciding = view.current_player === player.seat;
  return h(
    "section",
    { class: `player-zone${isMine ? " mine" : ""}${deciding ? " current" : ""}`, dataset: { seat: String(player.seat) } },
    h("header", { class: "zone-head" },
      h("h3", {}, t("board.player", { number: player.seat + 1 }), isMine ? ` (${t("board.you")})` : ""),
      h("span", { class: "stat" }, t("northstar.bag", { count: player.bag })),
      h("span", { class: "stat" }, t("northstar.hand_count", { count: player.hand_count })),
      player.food_card_chosen ? h("span", { class: "flag" }, t("northstar.food_card_chosen")) : null),
    h("div", { class: "animals" }, player.species.map((species, index) => speciesBoard(species, index, player, context))),
  );
}

function handCards(player, context) {
  return h(
    "section",
    { class: "hand", "aria-label": t("board.your_hand") },
    h("h3", {}, t("board.your_hand")),
    player.food_card ? h("div", { class: "food-card-chosen" }, t("northstar.your_food_card"), " ",
      h("span", { class: "card small" }, traitName(player.food_card), foodNumber(player.food_card.food))) : null,
    h("div", { class: "cards" }, player.hand.map((card) =>
      context.mark(h("div", { class: "card" }, h("span", { class: "name-en" }, traitName(card)), foodNumber(card.food),
        h("span", { class: "card-id" }, `#${card.id}`)), `hand:${card.id}`))),
  );
}

export const northstarBoard = {
  name: "northstar",

  bind(action, view) {
    const [kind, first] = action;
    if (HAND_ACTIONS.has(kind)) return `hand:${first}`;
    if (SPECIES_ACTIONS.has(kind)) return `species:${view.you}:${first}`;
    if (kind === "discard_trait") return `trait:${first}`;
    return null;
  },

  candidates(view, seat) {
    if (!hasSeat(seat)) return [];
    const me = view.players[seat];
    const out = [];
    if (view.phase === "select-food") {
      for (const card of me.hand || []) {
        out.push({ key: `hand:${card.id}`, action: ["food_card", card.id], label: t("northstar.why.food_card", { name: traitName(card) }) });
      }
    } else if (view.phase === "play-cards") {
      for (const card of me.hand || []) {
        out.push({ key: `hand:${card.id}`, action: ["grow_pop", card.id, 0], label: t("northstar.why.grow_pop", { name: traitName(card) }) });
      }
    }
    // a species asks about feeding it, in any phase: outside the feeding phase the rules say what to do instead
    me.species.forEach((species, index) =>
      out.push({ key: `species:${seat}:${index}`, action: ["feed", index], label: t("northstar.why.feed", { number: index + 1 }) }));
    return out;
  },

  render(view, context) {
    const { extra, me } = viewParts(view, context.seat, KNOWN_FIELDS);
    return h(
      "div",
      { class: "board northstar" },
      h("div", { class: "status-row" },
        h("span", { class: "stat" }, t("northstar.round", { round: view.round })),
        h("span", { class: "stat phase" }, tOr(`northstar.phase.${view.phase}`, titleCase(view.phase))),
        h("span", { class: "stat watering-hole", title: t("northstar.watering_hole") }, t("northstar.watering_hole_short", { count: view.watering_hole })),
        h("span", { class: "stat" }, t("northstar.draw_pile", { count: view.draw_pile })),
        h("span", { class: "stat" }, t("northstar.discard_pile", { count: (view.discard_pile || []).length })),
        view.last_round ? h("span", { class: "flag" }, t("northstar.last_round", { round: view.last_round })) : null,
        view.quick_play ? h("span", { class: "flag" }, t("northstar.quick_play")) : null),
      view.card_data ? h("p", { class: "data-note" }, view.card_data) : null,
      areasSection(extra),
      h("div", { class: "players" }, view.players.map((player) => playerZone(player, view, context))),
      me && me.hand ? handCards(me, context) : null,
    );
  },
};
