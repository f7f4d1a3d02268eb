import { describe, expect, it } from 'vitest';

import { scrapeForms } from './action-forms';

// The markup React renders for `<form action={formAction}>` with useActionState, as in .next/server/app/en/forgot-password.html.
const html = `<main><form noValidate="" class="a" action="" encType="multipart/form-data" method="POST">
<input type="hidden" name="$ACTION_REF_1"/>
<input type="hidden" name="$ACTION_1:0" value="{&quot;id&quot;:&quot;60140102210c&quot;,&quot;bound&quot;:&quot;$@1&quot;}"/>
<input type="hidden" name="$ACTION_1:1" value="[{&quot;email&quot;:&quot;&quot;,&quot;sent&quot;:false,&quot;error&quot;:&quot;$undefined&quot;}]"/>
<input type="hidden" name="$ACTION_KEY" value="k652f"/>
<input id="email" data-value="no" type="email" name="email" value=""/><textarea name="message"></textarea>
<button type="submit" name="intent" value="start">Go</button></form>
<form action="/en/auth/sign-out" method="post"><input type="hidden" name="next" value="/en"/></form></main>`;

describe('scrapeForms', () => {
  it('reads the action id, the bound arguments and the fields of each server-action form', () => {
    expect(scrapeForms(html)).toEqual([
      {
        actionId: '60140102210c',
        bound: [{ email: '', sent: false, error: '$undefined' }],
        hidden: [
          ['$ACTION_REF_1', ''],
          ['$ACTION_1:0', '{"id":"60140102210c","bound":"$@1"}'],
          ['$ACTION_1:1', '[{"email":"","sent":false,"error":"$undefined"}]'],
          ['$ACTION_KEY', 'k652f'],
        ],
        fieldNames: ['email', 'message', 'intent'],
      },
    ]);
  });
});
