/**
 * The estimator's page-view and payment-link events (spec 03, Tax-planning wizard), behind a
 * pluggable sink: by default nothing is sent and no third-party script is loaded. A deployment that
 * wants analytics registers a sink once at start-up (e.g. one that forwards to its tag manager):
 *
 *   setTaxPlanningAnalytics((event) => window.dataLayer?.push(event));
 */
export type TaxPlanningEvent =
  { type: 'page_view'; page: string; step: number } | { type: 'payment_link_click'; plan: string; url: string };

type Sink = (event: TaxPlanningEvent) => void;

let sink: Sink | null = null;

export function setTaxPlanningAnalytics(next: Sink | null): void {
  sink = next;
}

export function track(event: TaxPlanningEvent): void {
  try {
    sink?.(event);
  } catch {
    // Analytics must never break the estimator.
  }
}
