/** Contract of the coupons feature (issue 7). */
export {};
