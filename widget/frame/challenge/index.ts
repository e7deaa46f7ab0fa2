/** The 3-D Secure challenge screen's code: a chunk of its own, downloaded only when a card asks for it. */
export const loadChallengeView = () => import("./challenge-view");
