/**
 * Pages where analytics never runs: the account and staff pages, sign-in, the reset pages, the
 * e-mailed links' routes, the withdraw and retry pages. Their addresses can hold a token (e-mailed
 * links) and their titles and content people's details; Google Analytics reports the full address
 * and the title of every page it sees. Paths as the browser shows them: Dutch without a prefix,
 * English under /en.
 */
export const PRIVATE_PATH = /^(?:\/en)?\/(?:account|sign-in|forgot-password|reset-password|auth|applications\/(?:withdraw|retry))(?:\/|$)/;

export const isPrivatePath = (pathname: string): boolean => PRIVATE_PATH.test(pathname);
