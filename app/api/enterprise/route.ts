import { handle } from "@/lib/api/handler";
import { runEnterpriseAction } from "@/lib/enterprise/run-action";
import { enterpriseApi } from "@/lib/schemas/enterprise";
import { otherMethods } from "@/lib/api/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/enterprise?action= – listProjects, createProject, registerUpload, process, getStatus, getResults
export const POST = handle(enterpriseApi.run, ({ db, user, query, body }) =>
  runEnterpriseAction(db, { userId: user.user_id, action: query.action, body }),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
