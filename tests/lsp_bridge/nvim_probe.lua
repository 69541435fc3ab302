-- Runs after a documented attach line has attached buffer 0: ask definition, hover and references at LINE:COL.
-- Only API that Neovim 0.7 and 0.11 both have (buf_request_sync, stop_client).
local out = {}
local ok, err = pcall(function()
  local buf = vim.api.nvim_get_current_buf()
  local client
  local function clients()
    return vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf }) or vim.lsp.buf_get_clients(buf)
  end
  assert(vim.wait(90000, function()
    for _, c in pairs(clients()) do
      if c.initialized then client = c return true end
    end
    return false
  end, 50), "no language client initialized on the buffer")
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = tonumber(os.getenv("LINE")), character = tonumber(os.getenv("COL")) },
  }
  local function ask(method)
    local replies = vim.lsp.buf_request_sync(buf, method, params, 60000)
    local reply = replies and replies[client.id]
    assert(reply, method .. ": no answer")
    assert(not reply.err and not reply.error, method .. ": " .. vim.inspect(reply))
    return reply.result
  end
  out.uri = params.textDocument.uri
  out.definition = ask("textDocument/definition")
  out.hover = ask("textDocument/hover")
  params.context = { includeDeclaration = true }
  out.references = ask("textDocument/references")
  vim.lsp.stop_client(client.id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client.id) == nil end, 20)
end)
if not ok then out.error = tostring(err) end
local f = assert(io.open(os.getenv("OUT"), "w"))
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd("qa!")
