/** Text made safe inside HTML, as an element's content or a quoted attribute's value. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
