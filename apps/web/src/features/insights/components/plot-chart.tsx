import { useEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import * as Plot from '@observablehq/plot';
import type { PlotElement } from '../png';
import { useWidth } from '../use-width';

/** The page a click on a chart's bar opens: the href of the link around it. */
function linkOf(target: EventTarget): string | null {
  const a = target instanceof Element ? target.closest('a') : null;
  if (!a) return null;
  return a instanceof SVGAElement ? a.href.baseVal : a.getAttribute('href');
}

/**
 * A Plot chart as wide as its box, drawn again when the box's width changes (decision 037). It is
 * hidden from screen readers and its bars' links are out of the Tab order: the title and the table
 * beside it are the accessible path. A click on a bar opens its page inside the app.
 */
export function PlotChart({ plot, chartRef }: { plot: (width: number) => Plot.PlotOptions; chartRef: RefObject<PlotElement | null> }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const navigate = useNavigate();

  useEffect(() => {
    const element = box.current;
    if (!element || width === 0) return;
    const chart = Plot.plot(plot(width));
    for (const a of chart.querySelectorAll('a')) a.setAttribute('tabindex', '-1');
    element.append(chart);
    chartRef.current = chart;
    return () => {
      chart.remove();
      chartRef.current = null;
    };
  }, [plot, width, chartRef]);

  const follow = (e: MouseEvent) => {
    const href = linkOf(e.target);
    if (!href || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return <div ref={box} aria-hidden="true" className="min-w-0 overflow-hidden text-foreground" onClick={follow} data-testid="plot" />;
}
