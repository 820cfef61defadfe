import { Module } from '@nestjs/common';
import { KeysController } from './keys.controller';

/** GET /api/me, POST/GET /api/keys, DELETE /api/keys/{id}. */
@Module({ controllers: [KeysController] })
export class KeysModule {}
