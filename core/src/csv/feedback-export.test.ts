import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_CSV_COLUMNS,
  feedbackExportFileName,
  feedbackToCsv,
  parseFeedbackCsv,
} from './feedback-export.ts';

const row = {
  created_at: '2026-11-21T10:00:00.000Z',
  feedback_type: 'feature',
  title: 'Dark mode',
  description: 'Please, add it',
  status: 'new',
  page_url: null,
};

describe('feedback CSV export', () => {
  it('returns the spec columns as header', () => {
    expect(FEEDBACK_CSV_COLUMNS).toEqual([
      'Date',
      'Type',
      'Title',
      'Description',
      'Status',
      'Page URL',
    ]);
    expect(feedbackToCsv([])).toBe('\uFEFFDate,Type,Title,Description,Status,Page URL\r\n');
  });

  it('returns the date column through the given formatter', () => {
    const csv = feedbackToCsv([row], { formatDate: (iso) => iso.slice(0, 10) });
    expect(csv.split('\r\n')[1]).toBe('2026-11-21,feature,Dark mode,"Please, add it",new,');
  });

  it('returns the file name with the date in the given time zone', () => {
    const now = new Date('2026-11-21T23:30:00Z');
    expect(feedbackExportFileName(now)).toBe('feedback-export-2026-11-21.csv');
    expect(feedbackExportFileName(now, 'Europe/Budapest')).toBe('feedback-export-2026-11-22.csv');
  });

  it('returns issues for an export missing required cells', () => {
    const result = parseFeedbackCsv(
      'Date,Type,Title,Description,Status,Page URL\n2026-11-21,bug,,text,new,\n',
    );
    expect(result.items).toEqual([]);
    expect(result.issues.map((i) => i.message)).toEqual(['Row 2: Missing title']);
  });
});
