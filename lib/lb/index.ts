// nicfw/lb. Modules land here as their issues are resolved.

/** Module name (as in conformance vectors) → exported classes. */
export const modules = {} as const;
