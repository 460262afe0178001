import { describe, expect, it } from 'vitest';
import {
  SETUP_INSTRUCTIONS,
  STYLES_FILE,
  TEMPLATE_FILE,
  templateCss,
  templateHtml,
} from './exporter-template.ts';

describe('landing-page exporter template', () => {
  it('returns the file names of DESIGN §8', () => {
    expect([TEMPLATE_FILE, STYLES_FILE]).toEqual(['magyarul-template.html', 'magyarul-styles.css']);
  });

  it('returns HTML with every static sample figure of the spec', () => {
    const html = templateHtml();
    for (const figure of ['10,000+', '500+', '95%', '30 min', '12 min', '4.9', '25 words']) {
      expect(html).toContain(figure);
    }
    expect(html.startsWith('<!doctype html>')).toBe(true);
  });

  it('returns CSS for every class the template uses', () => {
    const css = templateCss();
    const classes = [...templateHtml().matchAll(/class="([^"]+)"/g)].map((m) => m[1]);
    for (const name of classes) expect(css).toContain(`.${name}`);
  });

  it('returns four setup instructions naming placeholder asset URLs', () => {
    expect(SETUP_INSTRUCTIONS).toHaveLength(4);
    expect(SETUP_INSTRUCTIONS.join(' ')).toMatch(/https:\/\/your-cdn\.example\//);
  });
});
