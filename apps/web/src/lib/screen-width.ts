/**
 * SPEC.md §9's mobile breakpoint: below 768 px the sidebar is a drawer and lists are cards (a
 * table's columns side by side do not read on a phone).
 */
export const PHONE_QUERY = '(max-width: 767.95px)';
