// The lobby: choose a ruleset, set its options (each with its meaning), fill the seats with people or bots, and
// create the table. The waiting room then shows every seat's invite link.

import { api, rememberInvites, rememberSeat, rememberedInvites } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { t } from "./i18n.js";

const HUMAN = "human";
const DEFAULT_BOT = "bot:random";

function gameList(catalog) {
  return Array.isArray(catalog) ? catalog : catalog.games || [];
}

function botList(catalog) {
  return Array.isArray(catalog) ? [] : catalog.bots || [];
}

function optionInput(option, value, onChange) {
  const id = `option-${option.name}`;
  let input;
  if (option.kind === "bool") {
    input = h("input", { type: "checkbox", id, name: option.name, checked: Boolean(value) });
    input.addEventListener("change", () => onChange(input.checked));
  } else if (option.kind === "choice") {
    input = h("select", { id, name: option.name }, option.choices.map((choice) =>
      h("option", { value: choice, selected: choice === value }, choice)));
    input.addEventListener("change", () => onChange(input.value));
  } else if (option.kind === "int") {
    input = h("input", { type: "number", id, name: option.name, value, min: option.min, max: option.max, step: 1 });
    input.addEventListener("change", () => onChange(Number.parseInt(input.value, 10)));
  } else {
    input = h("input", { type: "text", id, name: option.name, value: value ?? "" });
    input.addEventListener("change", () => onChange(input.value));
  }
  return h("div", { class: `option option-${option.kind}` },
    h("label", { for: id }, option.name),
    input,
    h("p", { class: "option-help" }, option.help, option.summary ? ` (${option.summary})` : ""));
}

export class Lobby {
  constructor(root, navigate) {
    this.root = root;
    this.navigate = navigate;
    this.catalog = null;
    this.game = null;
    this.options = {};
    this.seats = [];
    this.seed = null;
  }

  async start() {
    replaceChildren(this.root, h("p", { class: "hint" }, t("lobby.loading")));
    try {
      this.catalog = await api.games();
    } catch (error) {
      replaceChildren(this.root, h("p", { class: "notice" }, t("lobby.no_games", { error: error.detail || String(error) })));
      return;
    }
    const games = gameList(this.catalog);
    this.chooseGame(games[0]);
  }

  chooseGame(game) {
    this.game = game;
    this.options = Object.fromEntries(game.options.map((option) => [option.name, option.default]));
    const players = this.options.players ?? game.players[0];
    this.seats = Array.from({ length: players }, (_, index) => (index === 0 ? HUMAN : DEFAULT_BOT));
    this.render();
  }

  setOption(name, value) {
    this.options[name] = value;
    if (name === "players" && Number.isInteger(value)) {
      const count = Math.max(this.game.players[0], Math.min(this.game.players[1], value));
      this.seats = Array.from({ length: count }, (_, index) => this.seats[index] ?? DEFAULT_BOT);
      this.render();
    }
  }

  render() {
    const games = gameList(this.catalog);
    const bots = botList(this.catalog);
    const game = this.game;
    const error = h("p", { class: "notice", role: "alert" });
    const gameSelect = h("select", { id: "game", name: "game" }, games.map((entry) =>
      h("option", { value: entry.name, selected: entry.name === game.name }, `${entry.name} — ${entry.title}`)));
    gameSelect.addEventListener("change", () => this.chooseGame(games.find((entry) => entry.name === gameSelect.value)));
    const seedInput = h("input", { type: "number", id: "seed", name: "seed", min: 0, step: 1, value: this.seed ?? "" });
    seedInput.addEventListener("change", () => {
      this.seed = seedInput.value === "" ? null : Number.parseInt(seedInput.value, 10);
    });
    const seatRows = this.seats.map((kind, index) => {
      const select = h("select", { name: `seat-${index}`, "aria-label": t("lobby.seat", { number: index + 1 }) },
        h("option", { value: HUMAN, selected: kind === HUMAN }, t("lobby.person")),
        bots.map((bot) => h("option", { value: `bot:${bot}`, selected: kind === `bot:${bot}` }, t("lobby.bot", { name: bot }))));
      select.addEventListener("change", () => {
        this.seats[index] = select.value;
      });
      return h("li", { class: "seat-row" }, h("span", {}, t("lobby.seat", { number: index + 1 })), select);
    });
    replaceChildren(
      this.root,
      h("div", { class: "lobby" },
        h("section", { class: "panel" },
          h("h2", {}, t("lobby.title")),
          h("div", { class: "option" }, h("label", { for: "game" }, t("lobby.ruleset")), gameSelect,
            h("p", { class: "option-help" }, game.title)),
          game.note ? h("p", { class: "data-note" }, game.note) : null,
          h("h3", {}, t("lobby.options")),
          h("div", { class: "options" }, game.options.map((option) =>
            optionInput(option, this.options[option.name], (value) => this.setOption(option.name, value)))),
          h("h3", {}, t("lobby.seats")),
          h("ol", { class: "seats" }, seatRows),
          h("div", { class: "option" }, h("label", { for: "seed" }, t("lobby.seed")), seedInput,
            h("p", { class: "option-help" }, t("lobby.seed_help"))),
          error,
          h("button", { type: "button", class: "primary", id: "create-table", onclick: () => this.create(error) }, t("lobby.create"))),
        h("section", { class: "panel intro" },
          h("h2", {}, t("lobby.how_title")),
          h("p", {}, t("lobby.how_1")),
          h("p", {}, t("lobby.how_2")),
          h("p", {}, t("lobby.how_3")))),
    );
  }

  async create(error) {
    const options = { ...this.options };
    for (const option of this.game.options) {
      // an empty text option means "the default"; sending "" for a file path would be refused
      if (option.kind === "str" && !options[option.name]) delete options[option.name];
    }
    try {
      const created = await api.createTable(this.game.name, options, this.seats, this.seed);
      rememberInvites(created.table, created.seats);
      const mine = created.seats.find((seat) => seat.token);
      if (mine) rememberSeat(created.table, mine.seat, mine.token);
      this.navigate({ table: created.table, waiting: "1" });
    } catch (failure) {
      error.textContent = failure.detail || String(failure);
    }
  }
}

export function inviteUrl(table, seat) {
  if (seat.url) return new URL(seat.url, location.href).href;
  return new URL(`/?table=${encodeURIComponent(table)}&token=${encodeURIComponent(seat.token)}`, location.href).href;
}

// The waiting room, for the table's creator: every seat with its invite link, a spectator link, and the way in.
export function renderWaitingRoom(root, table, navigate) {
  const seats = rememberedInvites(table) || [];
  const spectator = new URL(`/?table=${encodeURIComponent(table)}&watch=1`, location.href).href;
  const linkRow = (label, href, id) => {
    const input = h("input", { type: "text", readonly: true, value: href, id, "aria-label": label });
    const copy = h("button", { type: "button", class: "copy", onclick: async () => {
      input.select();
      try {
        await navigator.clipboard.writeText(href);
        copy.textContent = t("waiting.copied");
      } catch {
        document.execCommand("copy");
      }
    } }, t("waiting.copy"));
    return h("div", { class: "link-row" }, input, copy);
  };
  replaceChildren(root, h("div", { class: "waiting panel" },
    h("h2", {}, t("waiting.title", { table })),
    h("p", {}, t("waiting.explain")),
    h("ol", { class: "invites" }, seats.map((seat) => h("li", { class: `invite seat-${seat.kind}`, dataset: { seat: String(seat.seat) } },
      h("strong", {}, t("lobby.seat", { number: seat.seat + 1 })), " ",
      seat.kind === HUMAN || seat.token ? [
        h("span", {}, t("lobby.person")),
        linkRow(t("waiting.invite_for", { number: seat.seat + 1 }), inviteUrl(table, seat), `invite-${seat.seat}`),
        h("a", { href: inviteUrl(table, seat), class: "take-seat", onclick: (event) => {
          event.preventDefault();
          rememberSeat(table, seat.seat, seat.token);
          navigate({ table });
        } }, t("waiting.take_seat", { number: seat.seat + 1 })),
      ] : h("span", {}, t("lobby.bot", { name: seat.kind.replace(/^bot:/, "") }))))),
    h("h3", {}, t("waiting.spectators")),
    linkRow(t("waiting.spectators"), spectator, "spectator-link"),
  ));
}
