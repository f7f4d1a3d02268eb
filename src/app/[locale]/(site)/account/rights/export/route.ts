import { NextResponse, type NextRequest } from 'next/server';

import { getServerSession } from '@/lib/auth/server-session';
import { isSameOriginRequest } from '@/lib/request/same-origin';
import { exportSubject, isRightsAdmin, readIdentityCheck, readSubjectEmail } from '@/lib/rights/rights-requests';

const noStore = { 'Cache-Control': 'private, no-store' };
const refused = () => new NextResponse(null, { status: 404, headers: noStore });

/**
 * The rights page's export: one zip of everything stored about the posted address, for an admin
 * at aal2 (checked in the database, has_staff_role). A plain form posts here because a server
 * action cannot answer with a file; so the origin is checked here, as Next does for actions.
 * Anyone else gets a 404, which says nothing about the address.
 */
export async function POST(request: NextRequest) {
  if (!isSameOriginRequest(request.headers)) return refused();
  const session = await getServerSession();
  if (session.state !== 'signedIn' || !(await isRightsAdmin(session.supabase))) return refused();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return new NextResponse(null, { status: 400, headers: noStore });
  }
  const email = readSubjectEmail(form.get('email'));
  // The form asks how the request was checked (a required choice); nothing goes out without it.
  const identityCheck = readIdentityCheck(form.get('identity'));
  if (email === null || identityCheck === null) return new NextResponse(null, { status: 400, headers: noStore });
  const archive = await exportSubject(email, session.user.id, identityCheck);
  if (archive === null) return new NextResponse(null, { status: 500, headers: noStore });
  const day = new Date().toISOString().slice(0, 10);
  return new NextResponse(Buffer.from(archive), {
    headers: {
      ...noStore,
      'Content-Type': 'application/zip',
      // Named by the day, never by the address: downloads folders and browser history keep names.
      'Content-Disposition': `attachment; filename="rights-request-${day}.zip"`,
    },
  });
}
