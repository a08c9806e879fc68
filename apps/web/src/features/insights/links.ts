/** The pages a figure of /insights leads to. */

/** A promotion's report: what it cost, and each station's parcels and photos. */
export const reportLink = (promotionId: number) => `/promotion-report-view?prom_id=${promotionId}`;

/** A promotion's settings, with its milestones. */
export const settingsLink = (promotionId: number) => `/promotion-settings?prom_id=${promotionId}`;

/** The surfaces list searched for one surface's name. */
export const surfaceLink = (name: string) => `/surfaces?q=${encodeURIComponent(name)}`;

/** The users list searched for one station's name. */
export const stationLink = (name: string) => `/users?q=${encodeURIComponent(name)}`;
