/** Contract: contractors (1099 Form), spec 03. */
export {};
