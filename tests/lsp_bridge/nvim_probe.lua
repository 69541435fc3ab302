-- Runs after a documented attach line has attached buffer 0: ask definition, hover and references at LINE:COL.
local out = {}
local ok, err = pcall(function()
  local buf = vim.api.nvim_get_current_buf()
  local client
  assert(vim.wait(90000, function()
    for _, c in pairs(vim.lsp.buf_get_clients(buf)) do
      if c.initialized then client = c return true end
    end
    return false
  end, 50), "no language client initialized on the buffer")
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(buf) },
    position = { line = tonumber(os.getenv("LINE")), character = tonumber(os.getenv("COL")) },
  }
  local function ask(method)
    local reply = client.request_sync(method, params, 60000, buf)
    assert(reply, method .. ": no answer")
    assert(not reply.err, method .. ": " .. vim.inspect(reply.err))
    return reply.result
  end
  out.uri = params.textDocument.uri
  out.definition = ask("textDocument/definition")
  out.hover = ask("textDocument/hover")
  params.context = { includeDeclaration = true }
  out.references = ask("textDocument/references")
  client.stop()
  vim.wait(5000, function() return client.is_stopped() end, 20)
end)
if not ok then out.error = tostring(err) end
local f = assert(io.open(os.getenv("OUT"), "w"))
f:write(vim.fn.json_encode(out))
f:close()
vim.cmd("qa!")
