// What every dedicated board starts from: the parts of the view it does not draw itself (an expansion's locations,
// say), shown by the generic renderer so that they appear before a dedicated drawing exists, and the asking seat's
// own player entry (null for a spectator).

import { h } from "../dom.js";
import { renderValue } from "./generic.js";

// Whether the board is drawn for a seat (a spectator has none).
export function hasSeat(seat) {
  return seat !== null && seat !== undefined;
}

// { extra, me }: the view's fields outside knownFields that carry something, and the seat's player (or null).
export function viewParts(view, seat, knownFields) {
  const extra = Object.fromEntries(Object.entries(view).filter(([key, value]) => !knownFields.has(key) && value !== null));
  return { extra, me: hasSeat(seat) ? view.players[seat] : null };
}

// The "areas" strip drawing those extra fields (with a heading when given one), or null when there are none.
export function areasSection(extra, heading = null) {
  if (!Object.keys(extra).length) return null;
  return h("section", { class: "areas" }, heading ? h("h3", {}, heading) : null, renderValue(extra));
}
