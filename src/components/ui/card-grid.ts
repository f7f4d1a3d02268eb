/**
 * The grid for lists of cards: one column on phones, two from md, three from lg. Between md and
 * lg an odd last card takes the full row, so three cards never leave an empty cell. Cards may
 * shrink below their content's width (min-w-0), so a long word wraps instead of widening the page.
 */
export const cardGrid = 'grid gap-6 md:grid-cols-2 lg:grid-cols-3 [&>*]:min-w-0 md:max-lg:[&>li:last-child:nth-child(odd)]:col-span-2';
