import * as Plot from '@observablehq/plot';
import type { TFunction } from 'i18next';
import type { DeliveryInsights, StationDelivery } from '@promo/shared';
import { percentNumber, share, type InsightsFormat } from '../format';
import { reportLink } from '../links';
import { number, text, type ChartColumn, type ChartSpec, type TableSpec } from './chart-spec';
import { BAR_COLOUR, BAR_HEIGHT, labelMargin, shareScale, STYLE } from './plot-base';

type Group = DeliveryInsights['by_group'][number] & { label: string; confirmed: number | null; photos: number | null };
const sum = (rows: Group[], k: 'parcels' | 'confirmed_in_time' | 'surfaces' | 'photographed') => rows.reduce((n, r) => n + r[k], 0);

function byGroup(data: DeliveryInsights, fmt: InsightsFormat, t: TFunction): ChartSpec<Group> {
  const rows = data.by_group.map((r) => ({
    ...r,
    label: fmt.group(r.group),
    confirmed: share(r.confirmed_in_time, r.parcels),
    photos: share(r.photographed, r.surfaces),
  }));
  const measures = [t('insights.measures.confirmed_in_time'), t('insights.measures.photographed')];
  const bars = rows.flatMap((r) => [
    { group: r.label, measure: measures[0]!, share: r.confirmed },
    { group: r.label, measure: measures[1]!, share: r.photos },
  ]);
  const photoShare = fmt.percent(share(sum(rows, 'photographed'), sum(rows, 'surfaces')));
  const parcels = sum(rows, 'parcels');
  return {
    id: 'delivery-by-group',
    name: t('insights.charts.delivery_by_group.name'),
    finding: !rows.length
      ? ''
      : parcels
        ? t('insights.charts.delivery_by_group.finding', { share: fmt.percent(share(sum(rows, 'confirmed_in_time'), parcels)), photo_share: photoShare })
        : t('insights.charts.delivery_by_group.finding_no_parcels', { photo_share: photoShare }),
    rows,
    columns: [
      { label: t('insights.columns.group'), text: (r) => r.label, csv: (r) => text(r.label) },
      { label: t('insights.columns.stations'), text: (r) => fmt.count(r.stations), csv: (r) => number(r.stations), numeric: true },
      { label: t('insights.columns.parcels'), text: (r) => fmt.count(r.parcels), csv: (r) => number(r.parcels), numeric: true },
      { label: t('insights.columns.confirmed_in_time'), text: (r) => fmt.count(r.confirmed_in_time), csv: (r) => number(r.confirmed_in_time), numeric: true },
      { label: t('insights.columns.share_confirmed'), text: (r) => fmt.percent(r.confirmed), csv: (r) => number(percentNumber(r.confirmed)), numeric: true },
      { label: t('insights.columns.problems'), text: (r) => fmt.count(r.problems), csv: (r) => number(r.problems), numeric: true },
      { label: t('insights.columns.surfaces'), text: (r) => fmt.count(r.surfaces), csv: (r) => number(r.surfaces), numeric: true },
      { label: t('insights.columns.photographed'), text: (r) => fmt.count(r.photographed), csv: (r) => number(r.photographed), numeric: true },
      { label: t('insights.columns.share_photographed'), text: (r) => fmt.percent(r.photos), csv: (r) => number(percentNumber(r.photos)), numeric: true },
    ],
    plot: (width) => {
      const margin = labelMargin(rows.map((r) => r.label), width);
      return {
        width,
        height: rows.length * 2 * BAR_HEIGHT + 50,
        marginLeft: margin,
        marginRight: 20,
        style: STYLE,
        x: shareScale(fmt),
        y: { axis: null, domain: measures },
        fy: { axis: 'left', label: null, domain: rows.map((r) => r.label), padding: 0.15 },
        color: { legend: true, domain: measures, range: [BAR_COLOUR, '#0d9488'] },
        marks: [
          Plot.barX(bars, { fy: 'group', y: 'measure', x: 'share', fill: 'measure', title: (b) => `${b.group}, ${b.measure}: ${fmt.percent(b.share)}` }),
          Plot.ruleX([0]),
        ],
      };
    },
  };
}

/** Stations to follow up: each links to the report of the promotion where it last missed. */
function stations(id: string, name: string, rows: StationDelivery[], fmt: InsightsFormat, t: TFunction): TableSpec<StationDelivery> {
  const columns: ChartColumn<StationDelivery>[] = [
    { label: t('insights.columns.station'), text: (r) => r.name, csv: (r) => text(r.name) },
    { label: t('insights.columns.group'), text: (r) => fmt.group(r.group), csv: (r) => text(fmt.group(r.group)) },
    { label: t('insights.columns.parcels'), text: (r) => fmt.count(r.parcels), csv: (r) => number(r.parcels), numeric: true },
    { label: t('insights.columns.confirmed_in_time'), text: (r) => fmt.count(r.confirmed_in_time), csv: (r) => number(r.confirmed_in_time), numeric: true },
    { label: t('insights.columns.problems'), text: (r) => fmt.count(r.problems), csv: (r) => number(r.problems), numeric: true },
    { label: t('insights.columns.surfaces'), text: (r) => fmt.count(r.surfaces), csv: (r) => number(r.surfaces), numeric: true },
    { label: t('insights.columns.photographed'), text: (r) => fmt.count(r.photographed), csv: (r) => number(r.photographed), numeric: true },
  ];
  return { id, name, rows, columns, link: (r) => (r.follow_up_promotion_id === null ? null : reportLink(r.follow_up_promotion_id)) };
}

/** The delivery section (decision 038): per station group, and the stations to follow up. */
export const deliveryCharts = (data: DeliveryInsights, fmt: InsightsFormat, t: TFunction) => ({
  byGroup: byGroup(data, fmt, t),
  late: stations('delivery-late-stations', t('insights.charts.late_stations.name'), data.late_stations, fmt, t),
  withoutPhotos: stations('delivery-without-photos', t('insights.charts.without_photos.name'), data.without_photos, fmt, t),
});
