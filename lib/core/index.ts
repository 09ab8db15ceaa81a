// nicfw/core: what every algorithm module shares. See README.md in this folder.
export * from "./units";
export * from "./fixed";
export * from "./ticks";
export * from "./psn";
export * from "./rng";
export * from "./ring";
export * from "./errors";
export * from "./table";
export * from "./slots";
export * from "./bitmap";
export * from "./params";
