/** Contract: Card payments behind one interface: Stripe or the built-in test processor (DESIGN.md section 8). */
export {};
