import { describe, expect, expectTypeOf, it } from 'vitest';
import { ENDPOINTS } from '#shared/endpoints';
import { callEndpoint, type CallContext } from '../../web/app/lib/endpoint-client';
import { endpointUrl, type DataAnswer, type RequestOf } from '../../web/app/lib/endpoints';

/**
 * Calls the compiler checks and nothing runs: each `@ts-expect-error` fails `run-tests.sh --static`
 * (tsc) as soon as the line it marks compiles, so a misspelt endpoint, field or parameter stays an error.
 */
function misspeltCalls(ctx: CallContext) {
  // @ts-expect-error an endpoint that is not declared
  void callEndpoint('loginLnk', ctx, { body: { email: 'ada@example.com' } });
  // @ts-expect-error a misspelt body field
  void callEndpoint('loginLink', ctx, { body: { emial: 'ada@example.com' } });
  // @ts-expect-error a body field of the wrong type
  void callEndpoint('historyTasks', ctx, { body: { pageNum: 1, pageSize: 20, ids: ['x'] } });
  // @ts-expect-error a required body left out
  void callEndpoint('createOrder', ctx);
  // @ts-expect-error a path parameter misnamed
  void callEndpoint('checkPay', ctx, { params: { payId: 'p1' } });
  // @ts-expect-error a query field the endpoint does not read
  void callEndpoint('getDocument', ctx, { query: { documentid: 'doc_4Kx9Qm' } });
  // @ts-expect-error an endpoint answered by a file, not by { code: 0, data }
  void callEndpoint('download', ctx, { params: { token: 'Xq3vR8mKp2LwZ7Tn' } });
}

describe("the web's endpoint client", () => {
  it('types each call by its declaration: the request by its schemas, the answer by its answer schema', () => {
    expectTypeOf(misspeltCalls).toBeFunction();
    expectTypeOf<RequestOf<'loginLink'>['body']['email']>().toEqualTypeOf<string>();
    expectTypeOf<RequestOf<'revokeApiKey'>>().toEqualTypeOf<{ params: { id: string } }>();
    expectTypeOf<DataAnswer<'getUserInfo'>['userInfo']['email']>().toEqualTypeOf<string>();
    expectTypeOf<DataAnswer<'deleteTasks'>>().toEqualTypeOf<number>();
    expectTypeOf<DataAnswer<'revokeApiKey'>>().toEqualTypeOf<undefined>();
  });

  it("addresses every endpoint by its declaration's path, its parameters filled in and encoded", () => {
    expect(endpointUrl('loginLink')).toBe(ENDPOINTS.loginLink.path);
    expect(endpointUrl('checkPay', { params: { id: 'a/b c' } })).toBe('/api/uc/order/checkPay/a%2Fb%20c');
    expect(endpointUrl('thumb', { params: { token: 'Xq3vR8mKp2LwZ7Tn', page: '3' } })).toBe('/api/miaohui/file/thumb/Xq3vR8mKp2LwZ7Tn/3');
    expect(endpointUrl('getDocumentListAsk', { query: { documentId: 'doc_4Kx9Qm', pageSize: 50 } })).toBe('/api/dhjai/getDocumentListAsk?documentId=doc_4Kx9Qm&pageSize=50');
  });
});
