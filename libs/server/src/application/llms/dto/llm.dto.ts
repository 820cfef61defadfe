import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { LlmInput, LlmProviderName, LlmView } from '@nlq/contracts';
import { IsIn, IsOptional, IsString, Length } from 'class-validator';
import { IsSettingName } from '../../../platform/common/setting-name.decorator';

export const LLM_PROVIDER_NAMES: LlmProviderName[] = ['offline', 'ollama', 'openai', 'anthropic'];

/** A model provider setting as every endpoint answers it: never the API key. */
export class LlmViewDto implements LlmView {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: LLM_PROVIDER_NAMES }) provider!: LlmProviderName;
  @ApiProperty({ type: String, nullable: true, description: "null: the provider's default model" }) model!:
    string | null;
  @ApiProperty({ type: String, nullable: true, description: "null: the provider's default address" }) base_url!:
    string | null;
  @ApiProperty({ description: 'true when an API key is stored (encrypted)' }) has_api_key!: boolean;
  @ApiProperty({ description: 'The provider the pipeline uses' }) active!: boolean;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

/** Body of POST /api/llms. */
export class CreateLlmDto implements LlmInput {
  @ApiProperty({ example: 'local ollama' })
  @IsSettingName()
  name!: string;

  @ApiProperty({ enum: LLM_PROVIDER_NAMES })
  @IsIn(LLM_PROVIDER_NAMES)
  provider!: LlmProviderName;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'qwen2.5-coder:7b' })
  @IsOptional()
  @IsString()
  @Length(1, 256)
  model?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: 'http://127.0.0.1:11434',
    description:
      'Allowed hosts: loopback, api.openai.com, api.anthropic.com, the host of LLM_BASE_URL, LLM_ALLOWED_HOSTS',
  })
  @IsOptional()
  @IsString()
  @Length(1, 2048)
  base_url?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'Encrypted at rest, never returned' })
  @IsOptional()
  @IsString()
  @Length(1, 4096)
  api_key?: string | null;
}

/** Body of PATCH /api/llms/{id}: any of the fields; api_key null clears the stored key, absent keeps it. */
export class UpdateLlmDto implements Partial<LlmInput> {
  @ApiPropertyOptional()
  @IsOptional()
  @IsSettingName()
  name?: string;

  @ApiPropertyOptional({ enum: LLM_PROVIDER_NAMES })
  @IsOptional()
  @IsIn(LLM_PROVIDER_NAMES)
  provider?: LlmProviderName;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @Length(1, 256)
  model?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @Length(1, 2048)
  base_url?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString()
  @Length(1, 4096)
  api_key?: string | null;
}
