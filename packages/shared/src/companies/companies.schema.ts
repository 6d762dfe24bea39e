/** Contract: Companies list and details for staff (spec 03). */
export {};
