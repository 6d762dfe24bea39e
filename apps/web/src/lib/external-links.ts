/** The firm's terms and conditions, linked from the sidebar for client users (spec 01 section 2.4). */
export const TERMS_AND_CONDITIONS_URL = 'https://ledgerport.example/terms';
