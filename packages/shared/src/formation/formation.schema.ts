/** Contract: Public company formation: resident and non-resident submissions with their payment (spec 03). */
export {};
