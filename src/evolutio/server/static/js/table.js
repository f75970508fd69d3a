// The table: the board of the ruleset, the seat's legal actions (on the board's cards and animals, and in the
// action bar), "why not?" for disabled elements, the game log, the end screen with the score breakdown, and the live
// connection that keeps it all current (reconnecting after a dropped socket; a reload resumes from the stored token).

import { ApiError, LiveTable, api, forgetSeat } from "./api.js";
import { boardFor } from "./boards/index.js";
import { h, replaceChildren, titleCase } from "./dom.js";
import { t, tOr } from "./i18n.js";

// how close to the bottom the log must be scrolled to keep following new events
const LOG_STICKY_PIXELS = 40;

function actionKey(action) {
  return JSON.stringify(action);
}

function seatOf(view) {
  for (const field of ["seat", "you"]) {
    if (typeof view[field] === "number") return view[field];
  }
  return null;
}

export class TableScreen {
  constructor(root, { table, token }) {
    this.root = root;
    this.table = table;
    this.token = token;
    this.state = null;
    this.selectedKey = null;
    this.notice = null;
    this.busy = false;
    this.live = new LiveTable(table, token, {
      onState: (state) => this.receive(state),
      onStatus: (status) => this.showStatus(status),
    });
    this.elements = {
      status: h("span", { class: "connection", "data-status": "connecting" }, t("status.connecting")),
      banner: h("div", { class: "banner", role: "status", "aria-live": "polite" }),
      board: h("div", { class: "board-holder" }),
      selection: h("div", { class: "selection", "aria-live": "polite" }),
      actions: h("div", { class: "action-bar" }),
      notice: h("div", { class: "notice", role: "alert" }),
      log: h("ol", { class: "log" }),
      end: h("div", { class: "end-screen" }),
    };
  }

  async start() {
    const { elements } = this;
    replaceChildren(
      this.root,
      h("div", { class: "table-screen" },
        h("div", { class: "table-top" }, elements.banner, elements.status),
        elements.end,
        h("div", { class: "table-main" },
          elements.board,
          h("aside", { class: "side" },
            elements.notice,
            elements.selection,
            h("section", { class: "actions-panel" }, h("h3", {}, t("table.actions")), elements.actions),
            h("section", { class: "log-panel" }, h("h3", {}, t("table.log")), elements.log),
            h("nav", { class: "table-links" },
              h("a", { href: `/?table=${encodeURIComponent(this.table)}&replay=1`, class: "replay-link" }, t("table.replay")),
              h("a", { href: `/?table=${encodeURIComponent(this.table)}&watch=1` }, t("table.spectator_link")),
              h("a", { href: "/" }, t("nav.lobby")))))),
    );
    await this.refresh();
    this.live.open();
  }

  stop() {
    this.live.close();
    delete this.root.dataset.turn;
    delete this.root.dataset.finished;
  }

  async refresh() {
    try {
      this.receive(await api.state(this.table, this.token), { force: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && this.token) {
        // a stored token the server does not know (another server, a reset database): watch instead
        forgetSeat(this.table);
        this.token = null;
        this.live.close();
        this.live.token = null;
        this.live.open();
        await this.refresh();
        this.showNotice(t("table.token_refused", { detail: error.detail }));
        return;
      }
      this.showNotice(error instanceof ApiError ? error.detail : String(error));
    }
  }

  receive(state, { force = false } = {}) {
    if (!force && this.state && state.turn < this.state.turn) return;
    // A push carries only the log entries after the ones already shown (from entry `events_from` on): append them
    // to ours. If ours does not end where the push begins (a push was missed), read the whole state again.
    const from = state.events_from || 0;
    if (from > 0) {
      const known = (this.state && this.state.events) || [];
      if (known.length < from) {
        this.refresh();
        return;
      }
      state = { ...state, events: known.slice(0, from).concat(state.events || []) };
    }
    if (this.state && state.turn !== this.state.turn) this.selectedKey = null;
    this.state = state;
    // the turn and end on the page itself, for the browser tests and for user styles
    this.root.dataset.turn = String(state.turn);
    this.root.dataset.finished = String(Boolean(state.finished));
    this.render();
  }

  showStatus(status) {
    this.elements.status.dataset.status = status;
    this.elements.status.textContent = t(`status.${status}`);
    // After a dropped socket the pushes we missed are gone: read the current state again.
    if (status === "live" && this.state) this.refresh();
  }

  showNotice(text) {
    this.notice = text;
    replaceChildren(this.elements.notice, text ? [h("span", {}, text), h("button", { class: "close", type: "button",
      "aria-label": t("table.dismiss"), onclick: () => this.showNotice(null) }, "×")] : []);
  }

  get seat() {
    if (!this.state) return null;
    return typeof this.state.seat === "number" ? this.state.seat : seatOf(this.state.view);
  }

  // "Player 3" or "Player 3 (bot: random)", from the table's seat kinds.
  playerLabel(seat) {
    const kinds = this.state.seats || [];
    const kind = kinds[seat] ? kinds[seat].kind : "";
    const name = t("board.player", { number: seat + 1 });
    return kind.startsWith("bot:") ? `${name} (${t("lobby.bot", { name: kind.slice(4) })})` : name;
  }

  render() {
    const { state } = this;
    const view = state.view;
    const board = boardFor(view.game);
    const legal = state.legal || [];
    const byKey = new Map();
    const unbound = [];
    for (const entry of legal) {
      const key = board.bind(entry.action, view);
      if (key === null) unbound.push(entry);
      else {
        if (!byKey.has(key)) byKey.set(key, []);
        byKey.get(key).push(entry);
      }
    }
    const candidates = new Map();
    for (const candidate of board.candidates(view, this.seat)) {
      if (!byKey.has(candidate.key)) candidates.set(candidate.key, candidate);
    }
    this.byKey = byKey;
    this.candidates = candidates;
    const context = {
      seat: this.seat,
      currentPlayer: state.current_player,
      mark: (element, key) => {
        element.dataset.key = key;
        if (byKey.has(key)) {
          element.classList.add("playable");
          element.setAttribute("role", "button");
          element.tabIndex = 0;
        } else if (candidates.has(key)) {
          element.classList.add("disabled");
          element.tabIndex = 0;
        }
        if (key === this.selectedKey) element.classList.add("selected");
        // nested elements (a trait card on a species) are chosen on their own, not with their container
        element.addEventListener("click", (event) => {
          event.stopPropagation();
          this.select(key);
        });
        element.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") {
            event.preventDefault();
            event.stopPropagation();
            this.select(key);
          }
        });
        return element;
      },
    };
    replaceChildren(this.elements.board, board.render(view, context));
    this.renderBanner();
    this.renderSelection();
    replaceChildren(this.elements.actions,
      unbound.length ? unbound.map((entry) => this.choiceButton(entry))
        : h("p", { class: "hint" }, legal.length ? t("table.use_board") : t("table.no_actions")),
      legal.length ? h("details", { class: "all-choices" }, h("summary", {}, t("table.all_choices", { count: legal.length })),
        legal.map((entry) => this.choiceButton(entry))) : null);
    this.renderLog();
    this.renderEnd();
  }

  renderBanner() {
    const { state } = this;
    let text;
    let mood = "waiting";
    if (state.finished) {
      text = t("banner.finished");
      mood = "finished";
    } else if (this.seat === null) {
      text = t("banner.spectating", { player: this.playerLabel(state.current_player) });
    } else if ((state.legal || []).length) {
      text = t("banner.your_turn");
      mood = "yours";
    } else {
      text = t("banner.waiting", { player: this.playerLabel(state.current_player) });
    }
    this.elements.banner.dataset.mood = mood;
    replaceChildren(this.elements.banner,
      h("strong", {}, text),
      h("span", { class: "banner-meta" }, this.seat === null ? t("banner.spectator") : t("banner.seat", { number: this.seat + 1 }),
        " · ", t("banner.table", { table: this.table }), " · ", t("banner.actions_applied", { turn: state.turn })));
  }

  select(key) {
    this.selectedKey = this.selectedKey === key ? null : key;
    for (const element of this.elements.board.querySelectorAll("[data-key]")) {
      element.classList.toggle("selected", element.dataset.key === this.selectedKey);
    }
    this.renderSelection();
  }

  renderSelection() {
    const key = this.selectedKey;
    const entries = key ? this.byKey.get(key) : null;
    const candidate = key ? this.candidates.get(key) : null;
    if (entries) {
      replaceChildren(this.elements.selection, h("h3", {}, t("table.choose")), entries.map((entry) => this.choiceButton(entry)));
    } else if (candidate) {
      const answer = h("p", { class: "why-answer" });
      replaceChildren(this.elements.selection,
        h("h3", {}, candidate.label),
        h("button", { type: "button", class: "why", onclick: () => this.askWhy(candidate.action, answer) }, t("table.why_not")),
        answer);
    } else if (key) {
      replaceChildren(this.elements.selection, h("p", { class: "hint" }, t("table.nothing_here")));
    } else {
      replaceChildren(this.elements.selection);
    }
  }

  choiceButton(entry) {
    return h("button", { type: "button", class: "choice", dataset: { action: actionKey(entry.action) },
      onclick: () => this.play(entry.action) }, entry.text);
  }

  async play(action) {
    if (this.busy) return;
    this.busy = true;
    this.elements.actions.classList.add("busy");
    try {
      const state = await api.act(this.table, this.token, action, this.state.turn, (this.state.events || []).length);
      this.showNotice(null);
      this.receive(state);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        await this.refresh();
        this.showNotice(t("table.stale"));
      } else {
        this.showNotice(error instanceof ApiError ? error.detail : String(error));
      }
    } finally {
      this.busy = false;
      this.elements.actions.classList.remove("busy");
    }
  }

  async askWhy(action, answer) {
    answer.textContent = "…";
    try {
      const result = await api.why(this.table, this.token, action);
      answer.textContent = result.reason || result.detail || JSON.stringify(result);
    } catch (error) {
      answer.textContent = error instanceof ApiError ? error.detail : String(error);
    }
  }

  renderLog() {
    // The log only grows during a game: append the new events instead of redrawing hundreds of lines per push.
    const events = this.state.events || [];
    const log = this.elements.log;
    const stuck = log.scrollHeight - log.scrollTop - log.clientHeight < LOG_STICKY_PIXELS;
    const shown = log.childElementCount;
    const entry = (event) => h("li", { class: `event event-${event.kind}` }, event.text || titleCase(event.kind));
    if (events.length >= shown && (shown === 0 || log.lastElementChild.textContent === (events[shown - 1].text || titleCase(events[shown - 1].kind)))) {
      for (const event of events.slice(shown)) log.appendChild(entry(event));
    } else {
      replaceChildren(log, events.map(entry));
    }
    if (stuck) log.scrollTop = log.scrollHeight;
  }

  renderEnd() {
    const { state } = this;
    const view = state.view;
    // the table's own final scores (the server adds them at the end), else the view's
    const scores = state.scores || view.scores;
    if (!state.finished || !Array.isArray(scores)) {
      replaceChildren(this.elements.end);
      this.elements.end.hidden = true;
      return;
    }
    this.elements.end.hidden = false;
    const winners = new Set(state.winners || view.winners || []);
    const parts = scoreParts(state, scores.length);
    replaceChildren(this.elements.end,
      h("h2", {}, t("end.title")),
      h("p", { class: "winners" }, t("end.winners", { names: [...winners].map((seat) => this.playerLabel(seat)).join(", ") })),
      h("table", { class: "scores" },
        h("thead", {}, h("tr", {}, h("th", {}, t("end.player")), parts.columns.map((column, index) => h("th", { "data-source": parts.sources[index] }, column)), h("th", {}, t("end.total")))),
        h("tbody", {}, scores.map((score, seat) =>
          h("tr", { class: winners.has(seat) ? "winner" : "" },
            h("td", {}, this.playerLabel(seat), seat === this.seat ? ` (${t("board.you")})` : "", winners.has(seat) ? " ★" : ""),
            (parts.rows[seat] || []).map((value, index) => h("td", { class: "part", "data-source": parts.sources[index] }, String(value))),
            h("td", { class: "total" }, String(score)))))),
      parts.note ? h("p", { class: "hint" }, parts.note) : null);
  }
}

// The score breakdown: each seat's points by source exactly as the ruleset gives them (the state's "score_breakdown",
// which the server takes from the rules engine); the client only lays them out. Source names are the ruleset's,
// translated where the catalog knows them.
function scoreParts(state, seats) {
  const breakdown = state.score_breakdown;
  if (!Array.isArray(breakdown) || !breakdown.length) return { sources: [], columns: [], rows: Array.from({ length: seats }, () => []) };
  const sources = [...new Set(breakdown.flatMap((parts) => Object.keys(parts)))];
  return {
    sources,
    columns: sources.map((source) => tOr(sourceKey(source), titleCase(source))),
    rows: breakdown.map((parts) => sources.map((source) => parts[source] ?? "")),
    note: t("end.note"),
  };
}

// The catalog key of a score source: "food in the bag" -> "score.food-in-the-bag".
function sourceKey(source) {
  return `score.${source.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
}
