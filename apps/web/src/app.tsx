import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ApiProvider } from './components/api-provider';
import { Layout } from './components/layout';
import { RoleGate } from './components/role-gate';
import { ToastProvider } from './components/toasts';
import { BenchmarksPage } from './pages/benchmarks-page';
import { BoardPage } from './pages/board-page';
import { BoardsPage } from './pages/boards-page';
import { ChatPage } from './pages/chat-page';
import { ConnectionsPage } from './pages/connections-page';
import { KnowledgePage } from './pages/knowledge-page';
import { LlmsPage } from './pages/llms-page';
import { NotFoundPage } from './pages/not-found-page';
import { SavedPage } from './pages/saved-page';
import { StartPage } from './pages/start-page';
import { SchedulesPage } from './pages/schedules-page';
import { TraceDetailPage } from './pages/trace-detail-page';
import { TracesPage } from './pages/traces-page';

/** The nlq web app: the pages of docs/http-api.md "Contract: application surface" (/, /connections, /llms, /traces, /chat), /knowledge, /benchmarks, /saved (saved answers run again), /boards and /schedules behind the API key dialog or sign-in; `/` is the Overview for admins and the Chat for everyone else; the pages that need a role are behind a RoleGate. */
export function App() {
  return (
    <BrowserRouter>
      <ToastProvider>
        <ApiProvider>
          <Routes>
            <Route element={<Layout />}>
              <Route index element={<StartPage />} />
              <Route path="chat" element={<ChatPage />} />
              <Route path="saved" element={<SavedPage />} />
              <Route path="boards" element={<BoardsPage />} />
              <Route path="boards/:id" element={<BoardPage />} />
              <Route path="schedules" element={<SchedulesPage />} />
              <Route path="traces" element={<TracesPage />} />
              <Route path="traces/:id" element={<TraceDetailPage />} />
              <Route
                path="knowledge"
                element={
                  <RoleGate role="analyst" page="Knowledge">
                    <KnowledgePage />
                  </RoleGate>
                }
              />
              <Route
                path="benchmarks"
                element={
                  <RoleGate role="admin" page="Benchmarks">
                    <BenchmarksPage />
                  </RoleGate>
                }
              />
              <Route
                path="connections"
                element={
                  <RoleGate role="admin" page="Connections">
                    <ConnectionsPage />
                  </RoleGate>
                }
              />
              <Route
                path="llms"
                element={
                  <RoleGate role="admin" page="Models">
                    <LlmsPage />
                  </RoleGate>
                }
              />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
          </Routes>
        </ApiProvider>
      </ToastProvider>
    </BrowserRouter>
  );
}
