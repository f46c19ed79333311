/**
 * What the DFA engine is built for, in one place.
 */

/** The start rules the package's fast paths use (each dialect gets those it defines). */
export const DFA_START_RULES = ["absolute-url-pipeline", "relative-url-pipeline"] as const;

/**
 * The most states a start rule's minimal DFA may have. Today: url-pipeline-v0 absolute 237, zep8 absolute
 * 221, zep8 relative 226 (dead state included). A grammar change that goes past this fails the build: the
 * tables grow with it (states x classes bytes), and so does what a browser downloads. Raise it knowingly.
 */
export const STATE_BUDGET = 320;
