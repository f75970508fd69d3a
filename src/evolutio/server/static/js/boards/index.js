// Which board draws which ruleset. Any ruleset without a dedicated board gets the generic one.

import { genericBoard } from "./generic.js";
import { northstarBoard } from "./northstar.js";
import { originBoard } from "./origin.js";

const BOARDS = { origin: originBoard, northstar: northstarBoard };

export function boardFor(gameName) {
  return BOARDS[gameName] || genericBoard;
}
