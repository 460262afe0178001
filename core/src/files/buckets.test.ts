import { describe, expect, it } from 'vitest';
import { uploadTargetFor } from './buckets.ts';

describe('upload form buckets', () => {
  it.each([
    ['dialogue.mp3', 'audio/mpeg', 'lesson-audio', 'audio'],
    ['dialogue.m4a', '', 'lesson-audio', 'audio'],
    ['clip.mp4', 'video/mp4', 'lesson-video', 'video'],
    ['clip.MOV', '', 'lesson-video', 'video'],
    ['cover.png', 'image/png', 'lesson-images', 'image'],
    ['cover.JPG', '', 'lesson-images', 'image'],
    ['worksheet.pdf', 'application/pdf', 'lesson-documents', 'document'],
    ['words.csv', 'text/csv', 'lesson-documents', 'document'],
    ['mystery', '', 'lesson-documents', 'document'],
  ])('returns the bucket for %s (%j)', (name, type, bucket, fileType) => {
    expect(uploadTargetFor({ name, type, size: 1 })).toEqual({ bucket, fileType });
  });
});
