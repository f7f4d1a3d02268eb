import type { Messages } from '@/i18n/messages';

export type RoleKey = keyof Messages['about']['team']['roles'];

/** The people the about page showed before it was a document (its first import). Names are not translated; roles come from the messages. */
export const teamMembers: readonly { name: string; role: RoleKey }[] = [
  { name: 'Sanne de Jong', role: 'ceo' },
  { name: 'Thomas Bakker', role: 'cto' },
  { name: 'Fatima El Amrani', role: 'design' },
  { name: 'Jeroen Visser', role: 'cloud' },
  { name: 'Lotte Mulder', role: 'pm' },
  { name: 'Daan Smit', role: 'dev' },
  { name: 'Noor Hendriks', role: 'ai' },
  { name: 'Ruben Postma', role: 'mobile' },
];
