/** Contract of the bookkeeping feature (issue 7). */
export {};
