// What the course must teach a German, Spanish or English speaker who starts Hungarian (issue
// 32 point 3), checked by course-syllabus.test.ts: each `taught` entry is a vocabulary item that
// a dialogue uses, each `heard` phrase occurs word for word in a dialogue.
export const SYLLABUS = {
  taught: [
    // The seven days and the twelve months.
    'hétfő',
    'kedd',
    'szerda',
    'csütörtök',
    'péntek',
    'szombat',
    'vasárnap',
    'január',
    'február',
    'március',
    'április',
    'május',
    'június',
    'július',
    'augusztus',
    'szeptember',
    'október',
    'november',
    'december',
    // Nationalities and languages of the three audiences, and Hungarian.
    'magyar',
    'német',
    'spanyol',
    'angol',
    // Words every learner needs early.
    'ért',
    'tud',
    'lassan',
    'ember',
    'év',
    'aki',
    'ami',
    'ahol',
    'hanem',
    'fog',
  ],
  heard: [
    'magyarul',
    'németül',
    'spanyolul',
    'angolul',
    'nem értem',
    'nem tudom',
    'lassabban, kérem',
  ],
} as const;
