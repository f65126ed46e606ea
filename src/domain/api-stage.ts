/**
 * The stage every path of our API sits under. A module of its own so the routes beside the
 * contract (live events, exports, form-check uploads) name it without loading the contract.
 */
export const API_STAGE = "/beta"
