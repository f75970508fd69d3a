// The HTTP and WebSocket API of `evolutio serve` (docs/api.md), and where a browser keeps its seat tokens.

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
    this.detail = detail;
  }
}

function detailText(body, fallback) {
  if (body && typeof body.detail === "string") return body.detail;
  if (body && Array.isArray(body.detail)) {
    return body.detail.map((item) => `${(item.loc || []).join(".")}: ${item.msg}`).join("; ");
  }
  return fallback;
}

async function request(method, path, { token = null, body = undefined } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch (error) {
    throw new ApiError(0, String(error.message || error));
  }
  let payload = null;
  const text = await response.text();
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = { detail: text };
    }
  }
  if (!response.ok) throw new ApiError(response.status, detailText(payload, response.statusText));
  return payload;
}

export const api = {
  games: () => request("GET", "/api/games"),
  createTable: (game, options, seats, seed = null) =>
    request("POST", "/api/tables", { body: seed === null ? { game, options, seats } : { game, options, seats, seed } }),
  state: (table, token) => request("GET", `/api/tables/${encodeURIComponent(table)}`, { token }),
  // eventsFrom: the number of log entries the client holds; the answer carries only the entries after them
  act: (table, token, action, turn, eventsFrom = 0) =>
    request("POST", `/api/tables/${encodeURIComponent(table)}/actions?events_from=${eventsFrom}`, { token, body: { action, turn } }),
  why: (table, token, action) =>
    request("POST", `/api/tables/${encodeURIComponent(table)}/why`, { token, body: { action } }),
  record: (table, token) => request("GET", `/api/tables/${encodeURIComponent(table)}/record`, { token }),
  viewAt: (table, token, at) => request("GET", `/api/tables/${encodeURIComponent(table)}/view?at=${at}`, { token }),
};

// A live connection to one table: calls onState(state) for every pushed state, reconnects with a growing delay
// after a dropped socket, and calls onStatus("live" | "connecting" | "offline").
export class LiveTable {
  constructor(table, token, { onState, onStatus }) {
    this.table = table;
    this.token = token;
    this.onState = onState;
    this.onStatus = onStatus;
    this.socket = null;
    this.closed = false;
    this.retryDelay = LiveTable.FIRST_RETRY_MS;
    this.retryTimer = null;
  }

  static FIRST_RETRY_MS = 250;
  static MAX_RETRY_MS = 8000;

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    return `${scheme}//${location.host}/api/tables/${encodeURIComponent(this.table)}/ws${query}`;
  }

  open() {
    clearTimeout(this.retryTimer);
    if (this.socket) {
      const previous = this.socket;
      this.socket = null;
      previous.close();
    }
    this.closed = false;
    this.onStatus("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retryDelay = LiveTable.FIRST_RETRY_MS;
      this.onStatus("live");
    });
    socket.addEventListener("message", (message) => {
      let state;
      try {
        state = JSON.parse(message.data);
      } catch {
        return;
      }
      if (state && typeof state === "object" && "view" in state) this.onState(state);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket || this.closed) return;
      this.onStatus("offline");
      this.retryTimer = setTimeout(() => this.open(), this.retryDelay);
      this.retryDelay = Math.min(this.retryDelay * 2, LiveTable.MAX_RETRY_MS);
    });
  }

  // Drop the socket on purpose (tests and the "reconnect" path use it); a new one opens after the retry delay.
  drop() {
    if (this.socket) this.socket.close();
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    if (this.socket) this.socket.close();
  }
}

// Seat tokens this browser holds, per table, so that a reload (or a later visit) resumes the seat.
const SEATS_KEY = "evolutio.seats";

function readSeats() {
  try {
    return JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
  } catch {
    return {};
  }
}

export function rememberSeat(table, seat, token) {
  const seats = readSeats();
  seats[table] = { seat, token };
  localStorage.setItem(SEATS_KEY, JSON.stringify(seats));
}

export function rememberedSeat(table) {
  return readSeats()[table] || null;
}

export function forgetSeat(table) {
  const seats = readSeats();
  delete seats[table];
  localStorage.setItem(SEATS_KEY, JSON.stringify(seats));
}

// The creator of a table keeps every seat's invite so the waiting room can show them again after a reload.
const INVITES_KEY = "evolutio.invites";

export function rememberInvites(table, seats) {
  const all = JSON.parse(localStorage.getItem(INVITES_KEY) || "{}");
  all[table] = seats;
  localStorage.setItem(INVITES_KEY, JSON.stringify(all));
}

export function rememberedInvites(table) {
  try {
    return JSON.parse(localStorage.getItem(INVITES_KEY) || "{}")[table] || null;
  } catch {
    return null;
  }
}
