import { Body, Controller, Delete, Get, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiAuthGuard } from '../../platform/auth/api-auth.guard';
import { CurrentCaller, type Caller } from '../../platform/auth/caller';
import { ApiException } from '../../platform/common/api.exception';
import { AppConfig } from '../../platform/config/app-config';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { RateLimited } from '../../platform/rate-limit/rate-limited.decorator';
import { localOrigin } from './approval-link';
import { McpHttpService } from './mcp-http.service';
import { McpOriginGuard } from './mcp-origin.guard';
import { assertValidHost, batchRefusal } from './mcp-request-checks';

/**
 * /mcp: nlq as a Model Context Protocol server over the Streamable HTTP transport (MCP 2025-06-18 "Transports";
 * docs/mcp.md). POST carries one JSON-RPC message (a batch, an array, is refused with a JSON-RPC error and HTTP 400,
 * batchRefusal, so every tool call is one request against the rate limit, the audit log and the traces; a malformed
 * Host header is 400, assertValidHost); the key (X-API-Key or `Authorization: Bearer <key>`) binds it to
 * a user exactly as /api (ApiAuthGuard, docs/http-api.md "Contract: authentication" rule 4), each POST counts against RATE_LIMIT_PER_MINUTE like POST
 * /api/chat, and a browser Origin must pass McpOriginGuard. GET (a server-sent event stream) and DELETE (ending a
 * session) are 405: the server is stateless and answers in JSON.
 */
@ApiTags('mcp')
@ApiSecurity('api_key')
@Controller('mcp')
export class McpController {
  constructor(
    private readonly mcp: McpHttpService,
    private readonly config: AppConfig,
  ) {}

  @Post()
  @RateLimited()
  @UseGuards(McpOriginGuard, ApiAuthGuard)
  @ApiOperation({
    summary: 'Model Context Protocol (Streamable HTTP, stateless, JSON responses)',
    description:
      'One JSON-RPC 2.0 message of MCP (initialize, tools/list, tools/call, resources/list, resources/read, ...). Tools: ask, describe_schema, session_history, feedback; resource nlq://schema. ' +
      'Requests answer 200 with the JSON-RPC response, notifications 202. A batch (a JSON array) is refused: 400 with a JSON-RPC error -32600. Send Accept: application/json, text/event-stream. A failed tool call is a result with isError and the nlq error under _meta["nlq/error"].',
  })
  @ApiBody({
    schema: {
      type: 'object',
      example: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'ask', arguments: { question: 'How many customers are there?' } },
      },
    },
  })
  @ApiOkResponse({ description: 'The JSON-RPC response', schema: { type: 'object' } })
  @ErrorResponseDto.document(400, 401, 403, 413)
  async post(
    @CurrentCaller() caller: Caller,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    assertValidHost(request.headers.host);
    const refusal = batchRefusal(body, String(request.id));
    if (refusal) {
      await reply.status(400).header('content-type', 'application/json').send(refusal);
      return;
    }
    const context = {
      caller: { ...caller, agent: true },
      requestId: String(request.id),
      webAppUrl: this.config.webAppUrl ?? localOrigin(request.socket),
    };
    const answer = await this.mcp.handle(context, request, body);
    void reply.status(answer.status).headers(answer.headers);
    await reply.send(answer.body ?? undefined);
  }

  /** GET /mcp: no server-initiated event stream (MCP "Transports": the server MAY answer 405). */
  @Get()
  @ApiOperation({ summary: 'Not offered: 405 (the server sends no event stream; POST messages)' })
  @ErrorResponseDto.document(405)
  stream(@Res({ passthrough: true }) reply: FastifyReply): never {
    throw methodNotAllowed(reply);
  }

  /** DELETE /mcp: no sessions to end (stateless). */
  @Delete()
  @ApiOperation({ summary: 'Not offered: 405 (stateless: there is no session to end)' })
  @ErrorResponseDto.document(405)
  end(@Res({ passthrough: true }) reply: FastifyReply): never {
    throw methodNotAllowed(reply);
  }
}

function methodNotAllowed(reply: FastifyReply): ApiException {
  void reply.header('Allow', 'POST');
  return new ApiException(
    405,
    'METHOD_NOT_ALLOWED',
    'The MCP endpoint takes POST only: it is stateless and answers in JSON, with no event stream and no session to end.',
  );
}
