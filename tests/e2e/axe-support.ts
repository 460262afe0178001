import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

// axe-core (the npm package) run inside the page: the violations of impact serious or critical.
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeNode = { target: string[]; failureSummary?: string };
type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };
type Axe = { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> };

/**
 * The serious and critical axe violations of what the page shows now (WCAG 2.x A and AA rules
 * and axe's best practices), as "rule (impact): selector" lines; none means the page passes.
 */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  // Evaluated through the browser's protocol, so the app's Content-Security-Policy (no inline
  // scripts) does not stop it.
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: Axe }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}
