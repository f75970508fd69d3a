// The replay viewer: steps through a stored game (GET /record) action by action — who acted and what — beside the
// game's log and the board as the asking seat saw it at that step (GET /view?at=N). Before the end the record holds
// only this seat's own actions (the others' are hidden), and no seed.

import { ApiError, api } from "./api.js";
import { boardFor } from "./boards/index.js";
import { h, replaceChildren, titleCase } from "./dom.js";
import { t } from "./i18n.js";

function normalisedActions(record) {
  // finished: a plain list of actions plus "actors"; unfinished: [{turn, seat, action|null}]
  const actors = record.actors || [];
  return (record.actions || []).map((entry, index) =>
    Array.isArray(entry) ? { turn: index, seat: actors[index] ?? null, action: entry } : entry);
}

function actionText(action) {
  if (!action) return t("replay.hidden");
  const [kind, ...args] = action;
  return args.length ? `${titleCase(kind)} ${args.join(" · ")}` : titleCase(kind);
}

export class ReplayScreen {
  constructor(root, { table, token }) {
    this.root = root;
    this.table = table;
    this.token = token;
    this.position = 0;
  }

  async start() {
    try {
      [this.record, this.state] = await Promise.all([api.record(this.table, this.token), api.state(this.table, this.token)]);
    } catch (error) {
      replaceChildren(this.root, h("p", { class: "notice" }, error instanceof ApiError ? error.detail : String(error)));
      return;
    }
    this.actions = normalisedActions(this.record);
    this.position = this.actions.length;
    this.shown = { at: this.position, view: this.state.view, currentPlayer: this.state.current_player };
    this.render();
  }

  async step(delta) {
    this.position = Math.max(0, Math.min(this.actions.length, this.position + delta));
    this.render();
    const wanted = this.position;
    try {
      const answer = await api.viewAt(this.table, this.token, wanted);
      // a later click may have moved on while this answer was on its way: draw only the step still wanted
      if (wanted !== this.position) return;
      this.shown = { at: wanted, view: answer.view, currentPlayer: answer.current_player };
    } catch (error) {
      if (wanted !== this.position) return;
      this.shown = { ...this.shown, error: error instanceof ApiError ? error.detail : String(error) };
    }
    this.render();
  }

  render() {
    const { record, state } = this;
    const seats = record.seats || [];
    const seatName = (seat) => {
      if (seat === null || seat === undefined) return "—";
      const kind = seats[seat] ? seats[seat].kind : "";
      return `${t("board.player", { number: seat + 1 })}${kind.startsWith("bot:") ? ` (${t("lobby.bot", { name: kind.slice(4) })})` : ""}`;
    };
    const list = h("ol", { class: "replay-actions", start: "1" }, this.actions.map((entry, index) =>
      h("li", { class: index < this.position ? "done" : "todo", "aria-current": index === this.position - 1 ? "step" : null },
        h("span", { class: "actor" }, seatName(entry.seat)), " ", h("code", {}, actionText(entry.action)))));
    const { shown } = this;
    const context = { seat: state.seat, currentPlayer: shown.currentPlayer, mark: (element) => element };
    replaceChildren(this.root, h("div", { class: "replay" },
      h("section", { class: "panel replay-head" },
        h("h2", {}, t("replay.title", { table: this.table })),
        h("p", {}, `${record.game} · ${record.finished === false ? t("replay.partial") : t("replay.complete")}`,
          record.seed !== undefined ? ` · ${t("replay.seed", { seed: record.seed })}` : ""),
        h("div", { class: "stepper" },
          h("button", { type: "button", class: "step-first", onclick: () => this.step(-this.actions.length) }, t("replay.first")),
          h("button", { type: "button", class: "step-back", onclick: () => this.step(-1) }, t("replay.back")),
          h("span", { class: "position" }, t("replay.position", { position: this.position, total: this.actions.length })),
          h("button", { type: "button", class: "step-forward", onclick: () => this.step(1) }, t("replay.forward")),
          h("button", { type: "button", class: "step-last", onclick: () => this.step(this.actions.length) }, t("replay.last"))),
        h("p", { class: "current-step" }, this.position > 0
          ? [seatName(this.actions[this.position - 1].seat), ": ", actionText(this.actions[this.position - 1].action)]
          : t("replay.start")),
        h("a", { href: `/?table=${encodeURIComponent(this.table)}` }, t("replay.back_to_table"))),
      h("div", { class: "replay-body" },
        h("section", { class: "panel" }, h("h3", {}, t("replay.actions")), list),
        h("section", { class: "panel replay-board", dataset: { at: String(shown.at) } },
          h("h3", {}, t("replay.board_at", { position: shown.at })),
          shown.error ? h("p", { class: "notice" }, shown.error) : null,
          boardFor(shown.view.game).render(shown.view, context)),
        h("section", { class: "panel" }, h("h3", {}, t("table.log")),
          h("ol", { class: "log" }, (record.events || []).map((event) => h("li", {}, event.text || titleCase(event.kind))))))));
    const current = this.root.querySelector('[aria-current="step"]');
    if (current) current.scrollIntoView({ block: "nearest" });
  }
}
