import { z } from 'zod';
import type { AnyTool, ToolDefinition, UserRole } from './types';

/**
 * docs/specification.md#tools: the catalog of tools a pack offers, filtered per user role and tenant feature
 * flags, serializable as function declarations for a model.
 */
export class ToolRegistry {
  private readonly byName: Map<string, AnyTool>;

  constructor(tools: readonly AnyTool[]) {
    this.byName = new Map(tools.map((tool) => [tool.name, tool]));
  }

  get(name: string): AnyTool | undefined {
    return this.byName.get(name);
  }

  all(): AnyTool[] {
    return [...this.byName.values()];
  }

  /** getAvailableTools(role, flags): the tools this user may see and call. */
  available(role: UserRole, features: readonly string[]): AnyTool[] {
    return this.all().filter((tool) => isAllowed(tool, role, features));
  }

  /** Function declarations (name, description, JSON schema parameters) for the available tools. */
  declarations(role: UserRole, features: readonly string[]): FunctionDeclaration[] {
    return this.available(role, features).map(toDeclaration);
  }
}

export interface FunctionDeclaration {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export function isAllowed(
  tool: Pick<ToolDefinition, 'allowedRoles' | 'featureFlag'>,
  role: UserRole,
  features: readonly string[],
): boolean {
  if (!tool.allowedRoles.includes(role)) return false;
  return tool.featureFlag === undefined || features.includes(tool.featureFlag);
}

export function toDeclaration(tool: AnyTool): FunctionDeclaration {
  const schema = z.toJSONSchema(tool.parameters as z.ZodType, { target: 'openapi-3.0' }) as Record<
    string,
    unknown
  >;
  delete schema.$schema;
  return { name: tool.name, description: tool.description, parameters: schema };
}
