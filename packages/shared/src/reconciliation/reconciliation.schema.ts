/** Contract: Bank linking, synchronisation, accounts, balances and transactions (spec 03). */
export {};
