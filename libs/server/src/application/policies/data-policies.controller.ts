import { Body, Controller, Get, Param, Put, UseGuards } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { DataPolicyView } from '@nlq/contracts';
import { ApiAuthGuard } from '../../platform/auth/api-auth.guard';
import { CurrentCaller, type Principal } from '../../platform/auth/caller';
import { RequireRole } from '../../platform/auth/required-role';
import { ErrorResponseDto } from '../../platform/common/error-response.dto';
import { DataPoliciesService } from './data-policies.service';

/** The documented example policy (docs/http-api.md "Roles and data policies"). */
const POLICY_EXAMPLE = {
  roles: {
    viewer: {
      tables: ['customers', 'orders', 'order_items', 'products', 'categories'],
      deny_columns: ['customers.email', 'customers.phone'],
      mask_columns: ['customers.last_name'],
      row_filters: {
        customers: 'country = :user.country',
        orders: 'customer_id IN (SELECT customer_id FROM customers WHERE country = :user.country)',
      },
    },
  },
};

/** The answer of GET and PUT, for the OpenAPI example. */
const VIEW_EXAMPLE = {
  connection_id: 'default',
  ...POLICY_EXAMPLE,
  version: 3,
  updated_at: '2026-11-27T10:00:00.000Z',
  updated_by: 'service',
};

/** GET/PUT /api/connections/{id}/policy: the connection's data policy per role (admin; docs/http-api.md "Roles and data policies"). */
@ApiTags('application: connections')
@ApiSecurity('api_key')
@UseGuards(ApiAuthGuard)
@RequireRole('admin')
@Controller('api/connections')
export class DataPoliciesController {
  constructor(private readonly policies: DataPoliciesService) {}

  @Get(':id/policy')
  @ApiOperation({ summary: "The connection's data policy and its version (version 0: none set)" })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({
    description: '{ connection_id, roles, version, updated_at, updated_by }',
    schema: { type: 'object', example: VIEW_EXAMPLE },
  })
  @ErrorResponseDto.document(401, 403, 404)
  get(@Param('id') id: string): Promise<DataPolicyView> {
    return this.policies.get(id);
  }

  @Put(':id/policy')
  @ApiOperation({
    summary: "Replace the connection's data policy (validated against its schema; saved as the next version, audited)",
  })
  @ApiParam({ name: 'id' })
  @ApiBody({
    description: '{ "roles": { "<role>": { tables, deny_columns, mask_columns, row_filters } } }',
    schema: { type: 'object', example: POLICY_EXAMPLE },
  })
  @ApiOkResponse({
    description: '{ connection_id, roles, version, updated_at, updated_by }',
    schema: { type: 'object', example: VIEW_EXAMPLE },
  })
  @ErrorResponseDto.document(400, 401, 403, 404)
  put(@CurrentCaller() caller: Principal, @Param('id') id: string, @Body() body: unknown): Promise<DataPolicyView> {
    return this.policies.put(id, body, caller);
  }
}
