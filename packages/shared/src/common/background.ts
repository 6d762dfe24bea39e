/**
 * Sent by the web app on requests no person asked for (the bell's poll while its stream is down, and
 * the token refresh such a poll needs): the API answers them as usual but does not count them as
 * activity, so an open tab left alone still reaches the session's idle limit (issue 22 item 5).
 */
export const BACKGROUND_REQUEST_HEADER = 'ledgerport-background';
