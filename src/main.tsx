import { RouterProvider } from "@tanstack/react-router"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { createAppRouter } from "./router.tsx"
import { createAppServices } from "./services.ts"
import "#ui/theme.css"

const router = createAppRouter({ services: createAppServices() })
const container = document.getElementById("root")
if (container === null) throw new Error('index.html must contain <div id="root">')

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
)
