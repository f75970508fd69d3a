// The client's entry point: picks the screen from the address (lobby, waiting room, table, spectator, replay),
// keeps seat tokens out of the address bar once stored, and draws the language switch.

import { forgetSeat, rememberSeat, rememberedSeat } from "./api.js";
import { h, replaceChildren } from "./dom.js";
import { LANGUAGES, currentLanguage, setLanguage, t } from "./i18n.js";
import { Lobby, renderWaitingRoom } from "./lobby.js";
import { ReplayScreen } from "./replay.js";
import { TableScreen } from "./table.js";

const root = document.getElementById("app");
let screen = null;

function addressFor(params) {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== undefined && value !== null));
  const text = query.toString();
  return text ? `/?${text}` : "/";
}

function navigate(params) {
  history.pushState(null, "", addressFor(params));
  route();
}

function drawTopNav() {
  const nav = document.querySelector(".top-nav");
  const select = h("select", { "aria-label": t("nav.language"), id: "language" },
    LANGUAGES.map((language) => h("option", { value: language.code, selected: language.code === currentLanguage() }, language.name)));
  select.addEventListener("change", () => {
    setLanguage(select.value);
    route();
  });
  replaceChildren(nav, h("a", { href: "/" }, t("nav.lobby")), select);
}

async function route() {
  if (screen && screen.stop) screen.stop();
  screen = null;
  document.documentElement.lang = currentLanguage();
  drawTopNav();
  const params = new URLSearchParams(location.search);
  const table = params.get("table");
  if (!table) {
    document.title = `evolutio — ${t("lobby.title")}`;
    screen = new Lobby(root, navigate);
    await screen.start();
    return;
  }
  // A token in the address (an invite link) is stored, then dropped from the address so a shared screen or a
  // bookmark does not leak it; a reload resumes the seat from storage.
  const token = params.get("token");
  if (token) {
    rememberSeat(table, null, token);
    params.delete("token");
    history.replaceState(null, "", addressFor(Object.fromEntries(params)));
  }
  if (params.get("leave")) {
    forgetSeat(table);
    params.delete("leave");
    history.replaceState(null, "", addressFor(Object.fromEntries(params)));
  }
  const remembered = rememberedSeat(table);
  const seatToken = params.get("watch") ? null : remembered ? remembered.token : null;
  if (params.get("waiting")) {
    document.title = `evolutio — ${t("waiting.title", { table })}`;
    renderWaitingRoom(root, table, navigate);
    return;
  }
  if (params.get("replay")) {
    document.title = `evolutio — ${t("replay.title", { table })}`;
    screen = new ReplayScreen(root, { table, token: seatToken });
    await screen.start();
    return;
  }
  document.title = `evolutio — ${t("banner.table", { table })}`;
  screen = new TableScreen(root, { table, token: seatToken });
  window.evolutioTable = screen; // for the browser tests' dropped-socket check
  await screen.start();
}

window.addEventListener("popstate", route);
route();
